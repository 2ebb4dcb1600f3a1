import { IMAGE_PRESETS, imageUpload, type ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { setCommunityLogo } from '../use-cases/set-community-logo.js';
import { removeCommunityLogo } from '../use-cases/remove-community-logo.js';

/** A community's logo. The spec's client sends it in the multipart field `avatar` (2 MB). */
export function communityLogoHandlers(deps: ForumDeps) {
  return {
    'POST /api/communities/{id}/logo': {
      use: [imageUpload({ field: 'avatar', ...IMAGE_PRESETS.logo })],
      handle: async ({ user, params }, ctx) => ({
        logo_url: await setCommunityLogo(deps, user, params.id, ctx.file?.buffer),
      }),
    },
    'DELETE /api/communities/{id}/logo': async ({ user, params }) => {
      await removeCommunityLogo(deps, user, params.id);
      return { logo_url: null };
    },
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
