import type { Api } from '../api';
import { buildUrl } from '../client';
import { ApiError } from '../errors';
import type { Session } from '../session';
import { LIVE_CHANNEL_NAME, type BusChannel } from './bus';
import { createLiveClient, type LiveClient } from './client';
import type { LiveLocks } from './leader';
import type { LiveSink } from './types';

function browserLocks(): LiveLocks | null {
  const locks = (navigator as { locks?: LiveLocks }).locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

function browserChannel(): BusChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  return new BroadcastChannel(LIVE_CHANNEL_NAME) as unknown as BusChannel;
}

function newTabId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The live client of this tab, wired to the SDK's shared api (token store) and session, and to
 * the tab's focus, visibility and life (`currentPost`: the post the tab shows now).
 */
export function createBrowserLiveClient(
  api: Api,
  session: Session,
  sink: LiveSink,
  currentPost: () => string | null,
): LiveClient {
  const { client } = api;
  const live = createLiveClient(
    {
      session,
      locks: browserLocks(),
      channel: browserChannel(),
      tabId: newTabId(),
      stream: {
        fetch: (...args) => globalThis.fetch(...args),
        url: (postId) => buildUrl(client.baseUrl, '/stream', postId ? { post: postId } : undefined),
        getToken: () => client.tokenStore.getToken(),
        // The session's 401 seam: adopts tokens another tab refreshed, else refreshes once.
        refresh: (token) =>
          session.handleUnauthorized(
            new ApiError({ method: 'GET', path: '/stream', status: 401, message: 'Unauthorized' }),
            { token },
          ),
      },
    },
    sink,
  );
  const isActive = () => document.visibilityState === 'visible';
  const touch = () => {
    if (isActive()) live.touch();
  };
  window.addEventListener('focus', touch);
  document.addEventListener('visibilitychange', touch);
  window.addEventListener('pagehide', () => live.leave());
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) live.setInterest(currentPost(), isActive());
  });
  live.setInterest(currentPost(), isActive());
  return live;
}
