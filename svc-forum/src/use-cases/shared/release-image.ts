import type { ForumDeps } from '../../deps.js';

/**
 * Media is content-addressed, so identical uploads share a file: the store deletes one only when
 * no document references it any more, asking before and after moving it aside (both lookups are
 * indexed), so a concurrent upload of the same image keeps it.
 */
export async function releasePostImages(
  { models, media }: Pick<ForumDeps, 'models' | 'media'>,
  urls: (string | null | undefined)[],
): Promise<void> {
  const used = async (url: string) =>
    !!(
      (await models.Post.exists({ image_url: url })) ||
      (await models.Post.exists({ thumbnail_url: url }))
    );
  for (const url of new Set(urls.filter((u): u is string => !!u))) {
    await media.posts.release(url, used);
  }
}

export async function releaseLogo(
  { models, media }: Pick<ForumDeps, 'models' | 'media'>,
  url: string | null | undefined,
): Promise<void> {
  await media.logos.release(url, async (u) => !!(await models.Community.exists({ logo_url: u })));
}
