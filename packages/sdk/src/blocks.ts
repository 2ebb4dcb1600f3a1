import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Block } from '@forum/contracts';
import { queryKeys } from './queryKeys';
import { useApi, useSession } from './react';

/**
 * The signed-in user's blocks (GET /api/blocks), one cached list shared by every app: the
 * settings page lists it, the Block buttons read their state from it.
 */
export function useBlocks() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: queryKeys.blocks.list(userId),
    queryFn: async ({ signal }) => (await api.call('GET /api/blocks', {}, { signal })).blocks,
    enabled: status === 'signed-in' && userId !== '',
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in user blocked this user, named by id or, where only the name is at hand
 * (a conversation), by username. While the list loads, and for visitors: `unknown` (false
 * unless the caller knows better, e.g. a server's flag on what it answered).
 */
export function useIsBlocked(
  who: { id?: string | null; username?: string },
  unknown = false,
): boolean {
  const { data } = useBlocks();
  if (!data) return unknown;
  const name = who.username?.toLowerCase();
  return data.some((b: Block) =>
    who.id ? b.user_id === who.id : b.username.toLowerCase() === name,
  );
}

/**
 * Blocks or unblocks a user. Afterwards every list and thread refetches (the server leaves a
 * blocked user's posts out and marks their comments), and so do the conversations.
 */
export function useSetBlocked() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, blocked }: { username: string; blocked: boolean }) =>
      blocked
        ? api.call('PUT /api/blocks/{username}', { params: { username } })
        : api.call('DELETE /api/blocks/{username}', { params: { username } }),
    onSettled: () => {
      for (const queryKey of [queryKeys.blocks.all, ['posts'], ['comments'], ['search']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
