import { useState } from 'react';
import { Button } from '@forum/ui';
import { useApi } from '@forum/sdk';
import { useCommentCache } from '../../hooks/useCommentCache';
import { MarkdownField } from '../rich/MarkdownField';
import { useToast } from '../Toast';
import { TEXTS } from '../../texts';

/** A new comment, a reply (parentId) or an edit (commentId). */
export function CommentForm({
  postId,
  parentId,
  onDone,
  autoFocus,
  initial = '',
  commentId,
  label,
  submitLabel,
}: {
  postId: string;
  parentId?: string | null;
  onDone?: () => void;
  autoFocus?: boolean;
  initial?: string;
  commentId?: string;
  label: string;
  submitLabel: string;
}) {
  const api = useApi();
  const cache = useCommentCache(postId);
  const toast = useToast();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const blank = text.trim() === '';
  const submit = async () => {
    if (blank) return;
    setBusy(true);
    try {
      if (commentId) {
        const { comment } = await api.call('PUT /api/comments/{id}', {
          params: { id: commentId },
          body: { content: text.trim() },
        });
        cache.update(comment);
      } else {
        const { comment } = await api.call('POST /api/comments', {
          body: {
            content: text.trim(),
            post_id: postId,
            ...(parentId ? { parent_id: parentId } : {}),
          },
        });
        cache.add(comment);
        setText('');
      }
      onDone?.();
    } catch (err) {
      if (commentId) toast(TEXTS.updateCommentFailed);
      // Spec §8: other submit failures are only logged.
      else console.error('[forum] comment failed', err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="forum-form forum-comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={commentId ? 'comment-edit-form' : parentId ? 'reply-form' : 'comment-form'}
    >
      <MarkdownField
        label={label}
        rows={3}
        value={text}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
        testId={commentId ? 'comment-edit-input' : parentId ? 'reply-input' : 'comment-input'}
      />
      <div className="forum-form__actions">
        {onDone ? (
          <Button variant="secondary" size="sm" onClick={onDone} data-testid="comment-cancel">
            {TEXTS.cancel}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={blank || busy} data-testid="comment-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
