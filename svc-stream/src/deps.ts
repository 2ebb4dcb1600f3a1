import type { StreamHub } from './hub/stream-hub.js';
import type { UnreadRefresher } from './hub/unread-refresher.js';
import type { ForumClient } from './upstreams/forum-client.js';
import type { MessagingClient } from './upstreams/messaging-client.js';

/** What the route and the event handlers get: no database, only the hub and the two services. */
export interface StreamDeps {
  hub: StreamHub;
  unread: UnreadRefresher;
  forum: ForumClient;
  messaging: MessagingClient;
}
