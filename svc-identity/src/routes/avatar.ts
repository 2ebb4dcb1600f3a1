import { Router } from '@koa/router';
import { AvatarMessages } from '@forum/contracts';
import { IMAGE_PRESETS, badRequest, imageUpload } from '@forum/service-kit';
import { removeAvatar, updateAvatar } from '../use-cases/update-avatar.js';
import { signedIn, type RouteDeps } from './route-deps.js';

/** The caller's own avatar only: there is no user id in these paths to point elsewhere. */
export function avatarRoutes(route: RouteDeps): Router {
  const { deps } = route;
  const router = new Router({ prefix: '/api/auth/avatar' });

  router.post(
    '/',
    // Authenticate before reading a byte of the upload.
    ...signedIn(route),
    imageUpload({ field: 'avatar', ...IMAGE_PRESETS.avatar }),
    async (ctx) => {
      if (!ctx.file) throw badRequest(AvatarMessages.missing);
      ctx.body = { avatar_url: await updateAvatar(deps, ctx.state.user!.id, ctx.file.buffer) };
    },
  );

  router.delete('/', ...signedIn(route), async (ctx) => {
    ctx.body = { avatar_url: await removeAvatar(deps, ctx.state.user!.id) };
  });
  return router;
}
