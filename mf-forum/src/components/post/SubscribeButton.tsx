import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@forum/sdk';
import { forumKeys, useForumApi } from '../../api/forum';
import { useToast } from '../Toast';
import { TEXTS } from '../../texts';

/** The signed-in user's subscription to a post's new comments. */
export function SubscribeButton({ postId }: { postId: string }) {
  const api = useForumApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const enabled = status === 'signed-in';
  const key = [...forumKeys.subscription(postId), user?.id ?? ''];
  const query = useQuery({ queryKey: key, queryFn: () => api.posts.subscription(postId), enabled });
  // Spec §4: toggled after the server succeeds (not optimistic).
  const mutation = useMutation({
    mutationFn: (next: boolean) =>
      next ? api.posts.subscribe(postId) : api.posts.unsubscribe(postId),
    onSuccess: (res) => queryClient.setQueryData(key, res),
    onError: () => toast(TEXTS.subscriptionFailed),
  });
  if (!enabled) return null;
  if (query.isError) {
    return (
      <span className="forum-muted forum-small" data-testid="subscription-error">
        {TEXTS.subscriptionLoadFailed}
      </span>
    );
  }
  const subscribed = Boolean(query.data?.subscribed);
  return (
    <button
      type="button"
      className={`forum-action${subscribed ? ' forum-action--active' : ''}`}
      aria-pressed={subscribed}
      disabled={query.isPending || mutation.isPending}
      onClick={() => mutation.mutate(!subscribed)}
      data-testid="subscribe-button"
    >
      {subscribed ? TEXTS.subscribed : TEXTS.subscribe}
    </button>
  );
}
