import { useState } from 'react';
import { useSession } from '@forum/sdk';
import type { Post } from '@forum/contracts';
import { Alert, Card } from '@forum/ui';
import { useCanModerate } from '../../hooks/useCanModerate';
import { useDeletePost } from '../../hooks/useDeletePost';
import { usePostActions } from '../../hooks/usePostActions';
import { stripMarkup } from '../../lib/display';
import { InlineConfirm } from '../InlineConfirm';
import { isRedacted } from '../moderation/items';
import { RemovedNotice } from '../moderation/RemovedNotice';
import { VoteColumn } from '../PostParts';
import { EditPostForm } from './EditPostForm';
import { PostActionBar } from './PostActionBar';
import { PostBody } from './PostBody';
import { PostBreadcrumb } from './PostBreadcrumb';
import { PostComments } from './PostComments';
import { PostMeta } from './PostMeta';
import { TEXTS } from '../../texts';

/**
 * A loaded post on its page: the post (editable and deletable by its author, reportable by other
 * signed-in readers, moderated by its community's team), then comments. A removed post shows
 * why to those who read it in full, and its author may appeal (EXTENSIONS §M4, §M8).
 */
export function PostView({ post }: { post: Post }) {
  const { status, user } = useSession();
  const actions = usePostActions(post);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isAuthor = status === 'signed-in' && user?.id === post.author_id;
  const community = `/c/${encodeURIComponent(post.community_name)}`;
  const deletion = useDeletePost(post, community);
  const title = stripMarkup(post.title);
  const authorActions = isAuthor && !editing;
  const canModerate = useCanModerate(post.community_id);
  const redacted = isRedacted(post);

  return (
    <>
      <PostBreadcrumb community={community} communityName={post.community_name} title={title} />
      <Card
        className="forum-post-card forum-post-detail"
        data-testid="post-detail"
        data-post-id={post.id}
      >
        <VoteColumn vote={actions.vote} onVote={actions.onVote} label={title} />
        <div className="forum-post-card__body">
          <PostMeta post={post} community={community} />
          {editing ? (
            <EditPostForm post={post} onDone={() => setEditing(false)} />
          ) : (
            <>
              <h1
                className="forum-page__title forum-post-detail__title"
                data-testid="post-detail-title"
              >
                {title}
              </h1>
              <PostBody post={post} />
            </>
          )}
          {post.removed && !redacted ? (
            <RemovedNotice
              reason={post.removal_reason}
              appealModlogId={isAuthor ? post.removal_modlog_id : undefined}
              testId="post-removed-notice"
            />
          ) : null}
          <PostActionBar
            post={post}
            actions={actions}
            // A removed post is not edited (its author may still delete it, §M4).
            onEdit={authorActions && !post.removed ? () => setEditing(true) : undefined}
            onDelete={authorActions ? () => setConfirmDelete(true) : undefined}
            canReport={status === 'signed-in' && !isAuthor && !post.removed}
            canModerate={canModerate}
          />
          {confirmDelete ? (
            <InlineConfirm
              question={TEXTS.deletePostQuestion}
              onConfirm={() => void deletion.remove()}
              onCancel={() => setConfirmDelete(false)}
              testId="post-delete"
            />
          ) : null}
          {deletion.error ? (
            <Alert variant="error" data-testid="post-delete-error">
              {deletion.error}
            </Alert>
          ) : null}
        </div>
      </Card>
      <PostComments post={post} canModerate={canModerate} />
    </>
  );
}
