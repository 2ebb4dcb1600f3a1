import type { ForumDeps } from '../../deps.js';

/**
 * Media is content-addressed, so identical uploads share a file: delete one only when no
 * document references it any more (both lookups are indexed).
 */
export async function releasePostImages(
  { models, media }: Pick<ForumDeps, 'models' | 'media'>,
  urls: (string | null | undefined)[],
): Promise<void> {
  for (const url of new Set(urls.filter((u): u is string => !!u))) {
    const used =
      (await models.Post.exists({ image_url: url })) ||
      (await models.Post.exists({ thumbnail_url: url }));
    if (!used) await media.posts.remove(url);
  }
}

export async function releaseLogo(
  { models, media }: Pick<ForumDeps, 'models' | 'media'>,
  url: string | null | undefined,
): Promise<void> {
  if (url && !(await models.Community.exists({ logo_url: url }))) await media.logos.remove(url);
}
