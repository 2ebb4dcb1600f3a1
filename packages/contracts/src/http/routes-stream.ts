import { StreamBody, StreamQuery, StreamTexts } from './stream.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const stream = routesFor('stream');

/** EXTENSIONS §L: served by svc-stream instances behind the gateway (no buffering, no timeout). */
export const streamRoutes = [
  stream({
    method: 'get',
    path: '/api/stream',
    summary:
      "Live events (SSE): the caller's notifications, unread counts and messages; with ?post= that post's new comments",
    auth: 'optional',
    eventStream: true,
    request: { query: StreamQuery },
    responses: {
      200: { description: 'An open event stream', schema: StreamBody },
      400: error('Invalid post id'),
      401: error(StreamTexts.signInRequired),
      403: error('NSFW content, visitors only: Sign up to view NSFW content'),
      404: error('Post not found'),
      503: error('Service unavailable'),
    },
  }),
] as const;
