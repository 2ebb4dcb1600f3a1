import type { CreateCommunityBody } from '@forum/contracts';
import { CommunityTexts } from '@forum/contracts';
import {
  conflict,
  inTransaction,
  isDuplicateKeyError,
  type AuthUser,
  toObjectId,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommunityDoc } from '../models/community.js';
import { rememberUser } from './remember-user.js';
import { communitySearchTerms } from '../domain/search-terms.js';

/**
 * The creator becomes its first member and its owner (spec §6 "initial moderator", EXTENSIONS
 * §M1): the community (member_count 1), that membership and the owner seat are written in one
 * transaction.
 */
export async function createCommunity(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  body: CreateCommunityBody,
): Promise<CommunityDoc> {
  await rememberUser(models, user);
  try {
    return await inTransaction(conn, async () => {
      const [community] = await models.Community.create([
        {
          name: body.name,
          name_lower: body.name.toLowerCase(),
          description: body.description,
          rules: body.rules,
          is_nsfw: body.is_nsfw,
          member_count: 1,
          post_count: 0,
          removed_post_count: 0,
          pinned_post_ids: [],
          created_by: toObjectId(user.id),
          creator_username: user.username,
          search_terms: communitySearchTerms(body),
        },
      ]);
      await models.Membership.create([
        {
          community_id: community!._id,
          user_id: toObjectId(user.id),
          username: user.username,
          is_moderator: true,
          joined_at: community!.created_at,
        },
      ]);
      await models.Moderator.create([
        {
          community_id: community!._id,
          user_id: toObjectId(user.id),
          username: user.username,
          role: 'owner',
          source: 'creator',
          since: community!.created_at,
        },
      ]);
      return community!.toObject();
    });
  } catch (err) {
    // The unique name_lower index: the name is taken (the transaction left nothing behind).
    if (isDuplicateKeyError(err)) throw conflict(CommunityTexts.nameTaken);
    throw err;
  }
}
