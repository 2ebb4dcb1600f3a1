import type { Post } from '@forum/contracts';
import type { usePostActions } from '../../hooks/usePostActions';
import { plural } from '../../lib/display';
import { Reactions, SaveButton, ShareButton } from '../PostParts';
import { SubscribeButton } from './SubscribeButton';
import { TEXTS } from '../../texts';

/** The actions under the post; the author also gets Edit and Delete (`onEdit`, `onDelete`). */
export function PostActionBar({
  post,
  actions,
  onEdit,
  onDelete,
}: {
  post: Post;
  actions: ReturnType<typeof usePostActions>;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
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
      {onEdit && onDelete ? (
        <>
          <button type="button" className="forum-action" onClick={onEdit} data-testid="post-edit">
            {TEXTS.edit}
          </button>
          <button
            type="button"
            className="forum-action"
            onClick={onDelete}
            data-testid="post-delete"
          >
            {TEXTS.delete}
          </button>
        </>
      ) : null}
    </div>
  );
}
