import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import { forumKeys } from '../../lib/forumKeys';
import { useToast } from '../Toast';
import { TEXTS } from '../../texts';

/** The signed-in user's subscription to a post's new comments. */
export function SubscribeButton({ postId }: { postId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const enabled = status === 'signed-in';
  const key = [...forumKeys.subscription(postId), user?.id ?? ''];
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.call('GET /api/post-subscriptions/{postId}/status', { params: { postId } }),
    enabled,
  });
  // Spec §4: toggled after the server succeeds (not optimistic).
  const mutation = useMutation({
    mutationFn: (next: boolean) =>
      next
        ? api.call('POST /api/post-subscriptions/{postId}', { params: { postId } })
        : api.call('DELETE /api/post-subscriptions/{postId}', { params: { postId } }),
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
