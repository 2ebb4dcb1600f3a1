import { HttpError, serviceUnavailable, type Logger } from '@forum/service-kit';
import type { StreamDeps } from '../deps.js';
import type { UnreadCounts } from '../upstreams/messaging-client.js';

export interface StreamRequest {
  signedIn: boolean;
  postId: string | undefined;
  /** The caller's Authorization header as it came (passed on, never logged). */
  authorization: string | undefined;
  requestId: string;
  log: Logger;
}

/**
 * The checks before a stream opens, both at once: forum says whether the caller may read the
 * post (its status and text when not: NSFW for visitors, missing post); messaging gives the
 * first unread counts and refuses a deactivated account's token. Messaging being down does not
 * keep the stream shut (the counts come with the next event); forum being down does (503), since
 * the post's visibility cannot be judged.
 */
export async function admitStream(
  { forum, messaging }: Pick<StreamDeps, 'forum' | 'messaging'>,
  { signedIn, postId, authorization, requestId, log }: StreamRequest,
): Promise<{ unread: UnreadCounts | undefined }> {
  const [post, unread] = await Promise.all([
    postId ? forum.postAccess(postId, { authorization, requestId }) : undefined,
    signedIn && authorization ? messaging.unreadCounts(authorization, { requestId }) : undefined,
  ]);
  if (unread?.kind === 'refused') throw new HttpError(unread.status, unread.error);
  if (post?.kind === 'refused') throw new HttpError(post.status, post.error);
  if (post?.kind === 'unavailable') {
    throw serviceUnavailable('Service unavailable', { cause: new Error(post.reason) });
  }
  if (unread?.kind === 'unavailable') {
    log.warn(
      { reason: unread.reason },
      'stream opens without unread counts: messaging unavailable',
    );
  }
  return { unread: unread?.kind === 'counts' ? unread.counts : undefined };
}
