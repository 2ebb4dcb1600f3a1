import { AvatarMessages } from '@forum/contracts';
import { IMAGE_PRESETS, badRequest, imageUpload } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { removeAvatar, updateAvatar } from '../use-cases/update-avatar.js';
import type { IdentityHandlers } from './handlers.js';

/** The caller's own avatar only: there is no user id in these paths to point elsewhere. */
export const avatarHandlers = (deps: IdentityDeps) =>
  ({
    'POST /api/auth/avatar': {
      // serveRoutes authenticates first: not a byte of the upload is read for a stranger.
      use: [imageUpload({ field: 'avatar', ...IMAGE_PRESETS.avatar })],
      handle: async ({ user }, ctx) => {
        if (!ctx.file) throw badRequest(AvatarMessages.missing);
        return { avatar_url: await updateAvatar(deps, user.id, ctx.file.buffer) };
      },
    },
    'DELETE /api/auth/avatar': async ({ user }) => ({
      avatar_url: await removeAvatar(deps, user.id),
    }),
  }) satisfies IdentityHandlers;
