import { upstreamGet, errorText } from './upstream-get.js';

/** Whether the caller may read a post, as forum's GET /api/posts/{id} answers it. */
export type PostAccess =
  | { kind: 'allowed' }
  /** 401, 403 (NSFW for visitors) or 404: forum's own status and text. */
  | { kind: 'refused'; status: 401 | 403 | 404; error: string }
  | { kind: 'unavailable'; reason: string };

export interface ForumClient {
  postAccess(
    postId: string,
    options: { authorization?: string | undefined; requestId?: string | undefined },
  ): Promise<PostAccess>;
}

const REFUSALS = new Set([401, 403, 404]);

export function createForumClient(baseUrl: string, timeoutMs: number): ForumClient {
  return {
    async postAccess(postId, { authorization, requestId }) {
      const url = new URL(`/api/posts/${encodeURIComponent(postId)}`, baseUrl).href;
      try {
        const answer = await upstreamGet(url, { authorization, requestId, timeoutMs });
        if (answer.status === 200) return { kind: 'allowed' };
        if (REFUSALS.has(answer.status)) {
          return {
            kind: 'refused',
            status: answer.status as 401 | 403 | 404,
            error: errorText(answer.body, 'Post not found'),
          };
        }
        return { kind: 'unavailable', reason: `forum answered ${answer.status}` };
      } catch (err) {
        return { kind: 'unavailable', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
