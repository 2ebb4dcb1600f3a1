import type { MessagingModels } from '../models/index.js';
import type { DirectoryUserDoc } from '../models/directory-user.js';

export async function findDirectoryUser(
  { DirectoryUser }: MessagingModels,
  username: string,
): Promise<DirectoryUserDoc | null> {
  return DirectoryUser.findOne({ username_lower: username.toLowerCase() }).lean<DirectoryUserDoc>();
}
