import { Types } from 'mongoose';
import { AccountDataTexts, AccountTexts, type DeleteAccountRequest } from '@forum/contracts';
import { HttpError, forbidden, inTransaction } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { publishUserDeleted, publishUserUpdated } from '../events/user-events.js';
import { userKey } from '../models/user-key.js';
import { isAdminUsername } from '../policies/admin.js';
import { confirmPassword, voidResetLinks } from '../services/account-checks.js';
import { revokeAllSessions } from '../services/sessions.js';

const wrongPassword = () => new HttpError(400, AccountTexts.passwordIncorrect);

/**
 * EXTENSIONS §B2: DELETE /api/auth/me. The admin's account is refused before anything else (no
 * password attempt is spent on a call that cannot succeed). After the password check (the account's attempt budget,
 * as the other settings), one transaction erases the account: deleted_at, inactive, no email
 * (its claim released so the address can register again), no password, no avatar; reset and
 * verification links void, every session revoked, the blocks it made and those made on it gone,
 * its badges gone; identity.user.updated {is_active: false} (forum and messaging refuse its
 * still-valid access tokens at once) and identity.user.deleted go with it. The username stays
 * claimed, so nobody can take the name of the posts it leaves. The avatar file goes after the
 * commit (a file is no part of a transaction).
 */
export async function deleteAccount(
  deps: IdentityDeps,
  {
    userId,
    username,
    input,
    throttleAccount,
  }: {
    userId: string;
    /** From the verified token (usernames never change). */
    username: string;
    input: DeleteAccountRequest;
    throttleAccount: (userId: string) => Promise<void>;
  },
): Promise<void> {
  const { User, UserKey, Block, Badge, EmailVerification } = deps.models;
  // The site would be left without its admin (the role is the configured name).
  if (isAdminUsername(deps.config, username)) throw forbidden(AccountDataTexts.adminCannotDelete);
  const _id = new Types.ObjectId(userId);
  const user = await confirmPassword(deps, {
    userId: _id,
    password: input.password,
    throttleAccount,
    wrongText: AccountTexts.passwordIncorrect,
    fields: ['username'],
  });
  const deleted_at = deps.now();
  const avatar = await inTransaction(deps.conn, async (session) => {
    // Only over the hash just checked: a concurrent password change makes this one's wrong.
    const before = await User.findOneAndUpdate(
      { _id, password_hash: user.password_hash, deleted_at: null },
      {
        $set: { deleted_at, is_active: false, email: '', email_verified: false, avatar_url: null },
        $unset: { email_lower: 1, password_hash: 1 },
      },
      { returnDocument: 'before', projection: { username: 1, email_lower: 1, avatar_url: 1 } },
    ).lean();
    if (!before) throw wrongPassword();
    await UserKey.deleteOne({ _id: userKey('email', before.email_lower), user_id: _id });
    await voidResetLinks(deps, _id, deleted_at);
    await EmailVerification.deleteMany({ user_id: _id });
    await revokeAllSessions(deps, _id, 'account-deleted');
    // Both directions: nobody keeps a block on an account that is gone, nor it on anyone. Forum's
    // and messaging's replicas forget the account's pairs on identity.user.deleted (no
    // block.changed per pair: a late one would bring a forgotten row back).
    await Block.deleteMany({ blocker_id: _id });
    await Block.deleteMany({ blocked_id: _id });
    await Badge.deleteMany({ user_id: _id });
    const gone = { _id, username: before.username, avatar_url: null, is_active: false };
    await publishUserUpdated(deps, session, gone);
    await publishUserDeleted(deps, session, {
      user: gone,
      deleteContent: input.delete_content ?? false,
      deletedAt: deleted_at,
    });
    return before.avatar_url;
  });
  if (avatar) await releaseAvatar(deps, avatar);
}

/** Best effort: the account is deleted either way; a file left behind is only logged. */
async function releaseAvatar(deps: IdentityDeps, url: string): Promise<void> {
  const { User } = deps.models;
  try {
    // Content-addressed: another account may show the very same file.
    await deps.avatars.release(url, async (u) => !!(await User.exists({ avatar_url: u })));
  } catch (err) {
    deps.logger.error({ err }, 'could not remove the avatar of a deleted account');
  }
}
