import type { DirectoryUserDoc } from '@forum/service-kit';

export interface DirectoryUserView {
  id: string;
  username: string;
  avatar_url: string | null;
}

export const presentDirectoryUser = (doc: DirectoryUserDoc): DirectoryUserView => ({
  id: doc._id.toHexString(),
  username: doc.username,
  avatar_url: doc.avatar_url ?? null,
});
