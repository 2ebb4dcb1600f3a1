import { ApiError, imageForm } from './client.js';
import { username } from './content.js';
import { makeImage } from './images.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, USER_PASSWORD } from './options.js';
import { Progress, runPool } from './progress.js';
import type { SeedWorld } from './world.js';

/**
 * Users go through the API (passwords hashed with bcrypt by identity; identity.user.registered
 * reaches forum and messaging). The admin first; a second run signs the same users in.
 */
export async function seedUsers(world: SeedWorld): Promise<void> {
  const { api, options, rnd } = world;
  const names = [
    ADMIN_USERNAME,
    ...Array.from({ length: options.users - 1 }, (_, i) => username(i + 1, rnd)),
  ];
  // bcrypt (cost 12) dominates: a few at a time keep identity responsive.
  const progress = new Progress('users', names.length);
  const sessions = await runPool(names, Math.min(options.concurrency, 6), progress, async (name) =>
    api.signUp(name, name === ADMIN_USERNAME ? ADMIN_PASSWORD : USER_PASSWORD).catch((error) => {
      if (name === ADMIN_USERNAME && error instanceof ApiError) {
        throw new Error(`admin exists with another password: ${error.message}`);
      }
      throw error;
    }),
  );
  progress.finish(
    sessions[0] ? `admin / ${ADMIN_PASSWORD}` : 'admin exists with another password: skipped',
  );
  world.admin = sessions[0];
  world.users = sessions.filter((s) => s !== undefined);
  if (world.users.length < 2) throw new Error('fewer than two users could sign in');

  const withAvatars = rnd.sample(world.users, Math.ceil(world.users.length * 0.4));
  const images = await Promise.all(
    withAvatars.map(() => makeImage(rnd, { width: 256, height: 256, format: 'png' })),
  );
  const avatars = new Progress('avatars', withAvatars.length);
  await runPool(withAvatars, options.concurrency, avatars, (user, i) =>
    api.as(user, 'POST', '/auth/avatar', {
      form: () => imageForm('avatar', images[i]!, 'avatar.png'),
    }),
  );
  avatars.finish();
}
