import { useContext, useEffect, useState } from 'react';
import type { CommentThread } from '@forum/contracts';
import { useMoreReplies } from '../../hooks/useMoreReplies';
import { missingReplies } from '../../lib/threads';
import { CommentsContext } from './CommentsContext';
import { TEXTS } from '../../texts';
import './comments.css';

/**
 * "N more replies" under a comment's loaded replies when the page nested only the first ones
 * (its reply_count says how many there are). Stays focusable while loading (aria-disabled, not
 * disabled) so a keyboard user keeps their place; when the last ones arrive it goes away and
 * focus moves to the first of them.
 */
export function MoreReplies({ comment }: { comment: CommentThread }) {
  const ctx = useContext(CommentsContext)!;
  const more = useMoreReplies(ctx.post.id, comment, ctx.sort);
  // The reply to focus once it is on the page: the cache reaches React after onSuccess, so the
  // focus waits for the render that shows it.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    const el = document.getElementById(`comment-${focusId}`);
    if (!el) return;
    el.focus();
    setFocusId(null);
  }, [focusId, comment.replies]);
  const missing = missingReplies(comment);
  // Hooks above: the focus effect still runs once the last replies make the button go.
  if (missing === 0) return null;

  const load = () => {
    if (more.isPending) return;
    const shown = new Set(comment.replies.map((r) => r.id));
    more.mutate(undefined, {
      onSuccess: (page) => {
        const first = page.comments.find((r) => !shown.has(r.id));
        if (!page.pagination.hasMore && first) setFocusId(first.id);
      },
    });
  };
  return (
    <div className="forum-more-replies">
      <button
        type="button"
        className="forum-action"
        aria-disabled={more.isPending || undefined}
        aria-busy={more.isPending || undefined}
        onClick={load}
        data-testid="more-replies"
        data-comment-id={comment.id}
      >
        {more.isPending ? TEXTS.loading : TEXTS.moreReplies(missing)}
      </button>
    </div>
  );
}
