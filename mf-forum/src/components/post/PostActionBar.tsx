import { Suspense } from 'react';
import type { Post } from '@forum/contracts';
import type { usePostActions } from '../../hooks/usePostActions';
import { plural } from '../../lib/display';
import { Reactions, SaveButton, ShareButton } from '../PostParts';
import { PostModerateMenu } from '../moderation/lazy';
import { ReportButton } from '../moderation/ReportButton';
import { BlockButton } from '../BlockButton';
import { isDeletedAuthor } from '../AuthorName';
import { SubscribeButton } from './SubscribeButton';
import { TEXTS } from '../../texts';

/**
 * The actions under the post; its author also gets Edit and Delete (`onEdit`, `onDelete`), other
 * signed-in readers Report and Block its author (`canReport`), its community's moderators the
 * Moderate menu.
 */
export function PostActionBar({
  post,
  actions,
  onEdit,
  onDelete,
  canReport = false,
  canModerate = false,
}: {
  post: Post;
  actions: ReturnType<typeof usePostActions>;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  canReport?: boolean;
  canModerate?: boolean;
}) {
  return (
    <div className="forum-actions">
      <a href="#comments" className="forum-action" data-testid="post-comments">
        {plural(post.comment_count, 'comment', 'comments')}
      </a>
      <ShareButton postId={post.id} />
      <SaveButton saved={actions.saved} onToggle={actions.onToggleSave} />
      <SubscribeButton postId={post.id} />
      <Reactions state={actions.reactions} onReact={actions.onReact} />
      {onEdit ? (
        <button type="button" className="forum-action" onClick={onEdit} data-testid="post-edit">
          {TEXTS.edit}
        </button>
      ) : null}
      {onDelete ? (
        <button type="button" className="forum-action" onClick={onDelete} data-testid="post-delete">
          {TEXTS.delete}
        </button>
      ) : null}
      {canReport ? <ReportButton target={{ kind: 'post', id: post.id }} /> : null}
      {canReport && !isDeletedAuthor(post.author_username) ? (
        <BlockButton userId={post.author_id} username={post.author_username} testId="post-block" />
      ) : null}
      {canModerate ? (
        <Suspense fallback={null}>
          <PostModerateMenu post={post} />
        </Suspense>
      ) : null}
    </div>
  );
}
