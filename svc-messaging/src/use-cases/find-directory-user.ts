import type { MessagingModels } from '../models/index.js';
import type { DirectoryUserDoc } from '@forum/service-kit';

export async function findDirectoryUser(
  { DirectoryUser }: MessagingModels,
  username: string,
): Promise<DirectoryUserDoc | null> {
  return DirectoryUser.findOne({ username_lower: username.toLowerCase() }).lean<DirectoryUserDoc>();
}
