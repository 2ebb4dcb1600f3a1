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

/** The live client of this tab, wired to the SDK's shared api (token store) and session. */
export function createBrowserLiveClient(api: Api, session: Session, sink: LiveSink): LiveClient {
  const { client } = api;
  return createLiveClient(
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
}
