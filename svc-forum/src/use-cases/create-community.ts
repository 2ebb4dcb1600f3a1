import type { CreateCommunityBody } from '@forum/contracts';
import { CommunityTexts } from '@forum/contracts';
import { conflict, isDuplicateKeyError, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { rememberUser } from './remember-user.js';

/** The creator becomes its first member and moderator (spec §6 "initial moderator"). */
export async function createCommunity(
  models: ForumModels,
  user: AuthUser,
  body: CreateCommunityBody,
): Promise<CommunityDoc> {
  await rememberUser(models, user);
  let community;
  try {
    community = await models.Community.create({
      name: body.name,
      name_lower: body.name.toLowerCase(),
      description: body.description,
      rules: body.rules,
      is_nsfw: body.is_nsfw,
      member_count: 1,
      post_count: 0,
      created_by: toObjectId(user.id),
      creator_username: user.username,
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(CommunityTexts.nameTaken);
    throw err;
  }
  await models.Membership.create({
    community_id: community._id,
    user_id: toObjectId(user.id),
    username: user.username,
    is_moderator: true,
    joined_at: community.created_at,
  });
  return community.toObject();
}
