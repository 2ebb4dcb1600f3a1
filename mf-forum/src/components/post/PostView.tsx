import { useState } from 'react';
import { useSession } from '@forum/sdk';
import type { Post } from '@forum/contracts';
import { Alert, Card } from '@forum/ui';
import { useDeletePost } from '../../hooks/useDeletePost';
import { usePostActions } from '../../hooks/usePostActions';
import { stripMarkup } from '../../lib/display';
import { InlineConfirm } from '../InlineConfirm';
import { VoteColumn } from '../PostParts';
import { EditPostForm } from './EditPostForm';
import { PostActionBar } from './PostActionBar';
import { PostBody } from './PostBody';
import { PostBreadcrumb } from './PostBreadcrumb';
import { PostComments } from './PostComments';
import { PostMeta } from './PostMeta';
import { TEXTS } from '../../texts';

/** A loaded post on its page: the post (editable and deletable by its author), then comments. */
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
          <PostActionBar
            post={post}
            actions={actions}
            onEdit={authorActions ? () => setEditing(true) : undefined}
            onDelete={authorActions ? () => setConfirmDelete(true) : undefined}
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
      <PostComments post={post} />
    </>
  );
}
