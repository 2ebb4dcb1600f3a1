import { createMediaStore, type MediaStore } from '@forum/service-kit';

/** The gateway routes /media/avatars/* to identity; files are `<sha256>.webp` under dir. */
export const AVATAR_URL_PREFIX = '/media/avatars';

export type AvatarStore = MediaStore;

export const createAvatarStore = (dir: string): AvatarStore =>
  createMediaStore({ dir, urlPrefix: AVATAR_URL_PREFIX });
