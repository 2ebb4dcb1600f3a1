import { BlockButton } from '../components/BlockButton';
import { useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { isApiError, useApi, useSession } from '@forum/sdk';
import type { User } from '@forum/contracts';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  Skeleton,
  Spinner,
  buttonClassName,
  cx,
} from '@forum/ui';
import { forumKeys } from '../lib/forumKeys';
import { imageForm } from '../lib/imageForm';
import { CommentRow } from '../components/CommentRow';
import { ImageInput } from '../components/ImageInput';
import { PagedListSection } from '../components/PagedListSection';
import { PostCard, PostListSkeleton } from '../components/PostCard';
import { SortTabs } from '../components/SortTabs';
import { formatCompact, relativeTime, safeMediaUrl } from '../lib/display';
import { visibleBadges } from '../lib/state';
import { useImageUpload } from '../hooks/useImageUpload';
import type { PostSort } from '@forum/contracts';
import { TEXTS } from '../texts';

const PAGE = 10;
const BADGE_ICONS: Record<string, string> = { crown: '👑', users: '👥', star: '⭐', shield: '🛡️' };

function Avatar({ user, size = 88 }: { user: User; size?: number }) {
  const src = safeMediaUrl(user.avatar_url);
  return src ? (
    <img
      className="forum-avatar"
      src={src}
      alt={`u/${user.username}'s avatar`}
      width={size}
      height={size}
      data-testid="profile-avatar"
    />
  ) : (
    <span
      className="forum-avatar forum-avatar--initial"
      style={{ width: size, height: size }}
      aria-hidden="true"
      data-testid="profile-avatar-initial"
    >
      {user.username.charAt(0).toUpperCase()}
    </span>
  );
}

function AvatarControls({ user }: { user: User }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { inputRef, error, busy, upload, remove } = useImageUpload({
    upload: async (file) =>
      (await api.call('POST /api/auth/avatar', { body: imageForm(file) })).avatar_url,
    remove: () => api.call('DELETE /api/auth/avatar').then(() => undefined),
    onChange: (avatar_url) =>
      queryClient.setQueryData(forumKeys.user(user.username), (old: { user: User } | undefined) =>
        old ? { user: { ...old.user, avatar_url } } : old,
      ),
    uploadFailed: TEXTS.uploadAvatarFailed,
    removeFailed: TEXTS.deleteAvatarFailed,
  });
  return (
    <div className="forum-form forum-avatar-controls" data-testid="avatar-controls">
      <ImageInput
        label="Change avatar (JPEG, PNG, GIF or WebP, up to 2MB)"
        onFile={(f) => void upload(f)}
        error={error}
        testId="avatar-input"
        inputRef={inputRef}
      />
      {busy ? <Spinner label="Uploading" /> : null}
      {user.avatar_url ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => void remove()}
          data-testid="avatar-remove"
        >
          {TEXTS.removeAvatar}
        </Button>
      ) : null}
    </div>
  );
}

function Badges({ userId }: { userId: string }) {
  const api = useApi();
  const q = useQuery({
    queryKey: forumKeys.badges(userId),
    queryFn: () => api.call('GET /api/badges/user/{userId}', { params: { userId } }),
  });
  if (!q.data || q.data.badges.length === 0) return null;
  const { shown, overflow } = visibleBadges(q.data.badges);
  return (
    <ul className="forum-badges" aria-label="Badges" data-testid="profile-badges">
      {shown.map((b) => (
        <li key={b.id} className="forum-badge" title={b.description} data-testid="profile-badge">
          <span aria-hidden="true">{BADGE_ICONS[b.icon] ?? '🏅'}</span> {b.name}
        </li>
      ))}
      {overflow > 0 ? (
        <li className="forum-badge forum-badge--more" data-testid="profile-badges-more">
          +{overflow}
        </li>
      ) : null}
    </ul>
  );
}

function UserPosts({ username }: { username: string }) {
  const api = useApi();
  const [sort, setSort] = useState<PostSort>('new');
  const q = useInfiniteQuery({
    queryKey: forumKeys.userPosts(username, sort),
    queryFn: ({ pageParam }) =>
      api.call('GET /api/auth/user/{username}/posts', {
        params: { username },
        query: { sortBy: sort, limit: PAGE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.pagination.hasMore ? pages.reduce((n, p) => n + p.posts.length, 0) : undefined,
  });
  return (
    <>
      <SortTabs value={sort} onChange={setSort} order={['new', 'top', 'hot']} label="Sort posts" />
      <PagedListSection
        query={q}
        items={q.data?.pages.flatMap((p) => p.posts) ?? []}
        renderItem={(p) => <PostCard post={p} />}
        loading={<PostListSkeleton count={2} />}
        errorTitle={TEXTS.postsFailed}
        emptyText={TEXTS.profileNoPosts}
        emptyTestId="profile-posts-empty"
        listTestId="profile-posts"
        loadMoreTestId="load-more-profile-posts"
      />
    </>
  );
}

function UserComments({ username }: { username: string }) {
  const api = useApi();
  const q = useInfiniteQuery({
    queryKey: forumKeys.userComments(username),
    queryFn: ({ pageParam }) =>
      api.call('GET /api/auth/user/{username}/comments', {
        params: { username },
        query: { limit: PAGE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.pagination.hasMore ? pages.reduce((n, p) => n + p.comments.length, 0) : undefined,
  });
  return (
    <PagedListSection
      query={q}
      items={q.data?.pages.flatMap((p) => p.comments) ?? []}
      renderItem={(c) => <CommentRow comment={c} />}
      loading={<Spinner block />}
      errorTitle={TEXTS.commentsFailed}
      emptyText={TEXTS.profileNoComments}
      emptyTestId="profile-comments-empty"
      listTestId="profile-comments"
      loadMoreTestId="load-more-profile-comments"
    />
  );
}

function Profile({ user }: { user: User }) {
  const { status, user: me } = useSession();
  const isOwner = status === 'signed-in' && me?.id === user.id;
  const [tab, setTab] = useState<'posts' | 'comments'>('posts');
  return (
    <>
      <Card className="forum-profile-header" data-testid="profile-header">
        <Avatar user={user} />
        <div className="forum-profile-header__body">
          <h1 className="forum-page__title" data-testid="profile-username">
            u/{user.username}
          </h1>
          <p className="forum-muted">
            <span data-testid="profile-points">{formatCompact(user.total_score)} points</span>
            {' · '}
            <span data-testid="profile-joined">Joined {relativeTime(user.created_at)}</span>
          </p>
          <Badges userId={user.id} />
          {status === 'signed-in' && !isOwner ? (
            <Link
              to={`/inbox/new?to=${encodeURIComponent(user.username)}`}
              className={buttonClassName('primary', 'sm')}
              data-testid="send-message"
            >
              {TEXTS.sendMessage}
            </Link>
          ) : null}
          <BlockButton userId={user.id} username={user.username} testId="profile-block" />
          {isOwner ? <AvatarControls user={user} /> : null}
        </div>
      </Card>
      <div className="forum-tabs" role="tablist" aria-label="Profile content">
        {(['posts', 'comments'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            className={cx('forum-sort__btn', tab === t && 'is-active')}
            onClick={() => setTab(t)}
            data-testid={`tab-${t}`}
          >
            {t === 'posts' ? 'Posts' : 'Comments'}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        className="forum-section"
      >
        {tab === 'posts' ? (
          <UserPosts username={user.username} />
        ) : (
          <UserComments username={user.username} />
        )}
      </div>
    </>
  );
}

export default function ProfilePage() {
  const { username = '' } = useParams();
  const api = useApi();
  const q = useQuery({
    queryKey: forumKeys.user(username),
    queryFn: () => api.call('GET /api/auth/user/{username}', { params: { username } }),
    retry: (n, err) => !(isApiError(err) && err.status === 404) && n < 1,
  });
  return (
    <div className="forum-page" data-testid="profile-page">
      {q.isPending ? (
        <Card className="forum-profile-header" aria-busy="true" data-testid="profile-loading">
          <Skeleton width={88} height={88} />
          <div className="forum-profile-header__body">
            <Skeleton width="40%" height="1.6em" />
            <Skeleton width="30%" height="1em" style={{ marginTop: 10 }} />
          </div>
        </Card>
      ) : q.isError ? (
        isApiError(q.error) && q.error.status === 404 ? (
          <EmptyState
            title={TEXTS.userNotFound}
            action={
              <Link to="/" className={buttonClassName('secondary')}>
                {TEXTS.goHome}
              </Link>
            }
            data-testid="user-not-found"
          />
        ) : (
          <ErrorState
            title={TEXTS.profileFailed}
            onRetry={() => void q.refetch()}
            data-testid="profile-error"
          />
        )
      ) : (
        <Profile key={q.data.user.id} user={q.data.user} />
      )}
    </div>
  );
}
