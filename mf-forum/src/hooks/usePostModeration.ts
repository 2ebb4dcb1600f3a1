import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '@forum/sdk';
import type { Post } from '@forum/contracts';
import { forumKeys } from '../lib/forumKeys';
import { useModerationStale } from './useModerationStale';

/** EXTENSIONS §M2's actions on a post. */
export type PostModerationVerb = 'remove' | 'restore' | 'lock' | 'unlock' | 'pin' | 'unpin';

export interface PostModerationInput {
  verb: PostModerationVerb;
  /** Required by remove; optional for restore, lock and unlock; pin and unpin take none. */
  reason?: string | undefined;
}

function send(api: Api, id: string, { verb, reason }: PostModerationInput) {
  const params = { id };
  const optional = reason ? { reason } : {};
  switch (verb) {
    case 'remove':
      return api.call('POST /api/posts/{id}/remove', { params, body: { reason: reason ?? '' } });
    case 'restore':
      return api.call('POST /api/posts/{id}/restore', { params, body: optional });
    case 'lock':
      return api.call('POST /api/posts/{id}/lock', { params, body: optional });
    case 'unlock':
      return api.call('POST /api/posts/{id}/unlock', { params, body: optional });
    case 'pin':
      return api.call('POST /api/posts/{id}/pin', { params });
    case 'unpin':
      return api.call('POST /api/posts/{id}/unpin', { params });
  }
}

/**
 * One moderation action on `post`. The server answers the post as it is now (with the caller's
 * own vote and save), so it replaces the cached one; what else it changes goes stale.
 */
export function usePostModeration(post: Post) {
  const api = useApi();
  const queryClient = useQueryClient();
  const markStale = useModerationStale();
  return useMutation({
    mutationFn: (input: PostModerationInput) => send(api, post.id, input),
    onSuccess: (res) => {
      markStale(post.community_id);
      queryClient.setQueryData(forumKeys.post(post.id), { post: res.post });
    },
  });
}
