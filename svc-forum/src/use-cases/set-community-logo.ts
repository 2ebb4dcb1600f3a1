import { CommunityTexts } from '@forum/contracts';
import { IMAGE_PRESETS, badRequest, notFound, saveImage, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';
import { assertCanEditCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import { releaseLogo } from './shared/release-image.js';

/**
 * The owner or the admin (EXTENSIONS §M1). The image is decoded, re-encoded and stored after the checks; the old logo goes.
 * Resolves to the new logo's URL. A community whose delete started meanwhile keeps no new logo
 * (its cascade releases the logo it recorded when it started).
 */
export async function setCommunityLogo(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  upload: Uint8Array | undefined,
): Promise<string> {
  const community = await findCommunity(deps.models, communityId);
  assertCanEditCommunity(await loadCommunityRole(deps.models, community._id, user));
  if (!upload) throw badRequest('Upload failed');
  const saved = await saveImage(deps.media.logos, upload, IMAGE_PRESETS.logo.process);
  const { url } = saved;
  const previous = await deps.models.Community.findOneAndUpdate(
    { _id: community._id, ...NOT_DELETING },
    { $set: { logo_url: url } },
    { projection: { logo_url: 1 } },
  ).lean<Pick<CommunityDoc, 'logo_url'>>();
  if (!previous) {
    await releaseLogo(deps, url);
    throw notFound(CommunityTexts.notFound);
  }
  // Referenced now: write back what an identical upload's release may have removed meanwhile.
  await saved.ensureStored();
  if (previous.logo_url !== url) await releaseLogo(deps, previous.logo_url);
  return url;
}
