import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import type { CommentSort, Post } from '@forum/contracts';
import { Button, ErrorState, Skeleton } from '@forum/ui';
import { useCommentHighlight } from '../../hooks/useCommentHighlight';
import { useLinkedComment } from '../../hooks/useLinkedComment';
import { usePostComments } from '../../hooks/usePostComments';
import { CommentForm } from '../comments/CommentForm';
import { CommentList } from '../comments/CommentList';
import { CommentsContext } from '../comments/CommentsContext';
import { NewCommentsButton } from './NewCommentsButton';
import { TEXTS } from '../../texts';
import '../moderation/moderation.css';

/**
 * The post page's comments section: sort, the new-comment form (on a locked post only for its
 * community's moderators, EXTENSIONS §M2) and the threads.
 */
export function PostComments({ post, canModerate }: { post: Post; canModerate: boolean }) {
  const location = useLocation();
  const { status } = useSession();
  const [sort, setSort] = useState<CommentSort>('best');
  const { comments, threads } = usePostComments(post.id, sort);
  const ready = useLinkedComment(post.id, sort, threads, comments.isSuccess);
  const highlight = useCommentHighlight(ready);

  return (
    <section
      className="forum-section"
      id="comments"
      aria-labelledby="comments-title"
      data-testid="comments-section"
    >
      <div className="forum-section__head">
        <h2 id="comments-title" className="forum-section__title">
          Comments
        </h2>
        <label className="forum-small">
          Sort by{' '}
          <select
            className="ui-input forum-select"
            value={sort}
            onChange={(e) => setSort(e.target.value as CommentSort)}
            data-testid="comment-sort"
          >
            <option value="best">Best</option>
            <option value="top">Top</option>
            <option value="new">New</option>
            <option value="old">Old</option>
          </select>
        </label>
      </div>
      {post.locked && !canModerate ? (
        <p className="forum-locked-notice" data-testid="post-locked">
          {TEXTS.postLocked}
        </p>
      ) : status === 'signed-in' ? (
        <CommentForm postId={post.id} label={TEXTS.addComment} submitLabel={TEXTS.comment} />
      ) : (
        <p className="forum-muted" data-testid="comment-sign-in">
          <Link to="/login" state={{ from: location }}>
            Sign in
          </Link>{' '}
          to join the discussion.
        </p>
      )}
      <NewCommentsButton postId={post.id} />
      <CommentsContext.Provider value={{ post, sort, highlight, canModerate }}>
        {comments.isPending ? (
          <div aria-busy="true" data-testid="comments-loading">
            <Skeleton width="60%" height="1em" />
            <Skeleton width="90%" height="1em" style={{ marginTop: 8 }} />
          </div>
        ) : comments.isError ? (
          <ErrorState
            title={TEXTS.commentsFailed}
            onRetry={() => void comments.refetch()}
            data-testid="comments-error"
          />
        ) : threads.length === 0 ? (
          <p className="forum-muted" data-testid="comments-empty">
            {TEXTS.noComments}
          </p>
        ) : (
          <>
            <CommentList comments={threads} />
            {comments.hasNextPage ? (
              <div className="forum-more">
                <Button
                  variant="secondary"
                  onClick={() => void comments.fetchNextPage()}
                  disabled={comments.isFetchingNextPage}
                  data-testid="comments-load-more"
                >
                  {comments.isFetchingNextPage ? TEXTS.loading : TEXTS.loadMoreComments}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CommentsContext.Provider>
    </section>
  );
}
