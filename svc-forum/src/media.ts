import { join } from 'node:path';
import type { Middleware } from 'koa';
import { createMediaStore, serveMedia } from '@forum/service-kit';
import type { ForumMedia } from './deps.js';

/** Logos under /media/logos, post images under /media/posts (the gateway sends /media/* here). */
export function createForumMedia(dir: string): ForumMedia {
  return {
    logos: createMediaStore({ dir: join(dir, 'logos'), urlPrefix: '/media/logos' }),
    posts: createMediaStore({ dir: join(dir, 'posts'), urlPrefix: '/media/posts' }),
  };
}

export const serveForumMedia = (media: ForumMedia): Middleware[] => [
  serveMedia(media.logos),
  serveMedia(media.posts),
];
