import { createHash, randomBytes } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { apiClient, eventually, uniqueName, type Api } from '../../../scripts/lib/api-client.js';
import { ensureUser as ensureSeededUser, type SignedInUser } from '../../../scripts/lib/seed.js';

const PASSWORD = 'Passw0rdPassw0rd';

export type UserKey = 'alice' | 'bob' | 'carol' | 'admin';

/** Real data every baseline draws on; helpers create more when a baseline consumes its own. */
export interface Fixtures {
  api: Api;
  users: Record<UserKey, SignedInUser>;
  /** Only signs in (login/refresh/logout baselines), so its sessions may be used up. */
  loginUser: SignedInUser;
  /** Deactivated and reactivated by the admin route's variants. */
  victim: SignedInUser;
  /** Gets password reset tokens (the reset ends its sessions). */
  resetUser: SignedInUser;
  /** alice's community; bob is a member, carol is not. */
  community: { id: string; name: string };
  /** Another community of alice's for join/leave (bob joins and leaves it). */
  community2: { id: string; name: string };
  /** alice's text post in `community`. */
  post: { id: string };
  /** alice's comment on `post`, and bob's. */
  comment: { id: string };
  bobComment: { id: string };
  /** A comment on another post of alice's (a parent that belongs elsewhere). */
  elsewhereComment: { id: string };
  /** alice -> bob; `message` is received by bob. */
  conversation: { id: string };
  message: { id: string };
  /** One of alice's notifications. */
  notification: { id: string };
  /** alice's referral code. */
  referralCode: string;
  newCommunity(owner?: UserKey): Promise<{ id: string; name: string }>;
  newPost(owner?: UserKey): Promise<{ id: string }>;
  newComment(owner?: UserKey, on?: { id: string }): Promise<{ id: string }>;
  /** A fresh session of loginUser (refresh and logout consume theirs). */
  newSession(): Promise<{ token: string; refreshToken: string }>;
  /** A password reset token of resetUser, stored as identity stores one (sha256). */
  newResetToken(): Promise<string>;
  /** An email verification token of loginUser's address, stored as identity stores one. */
  newVerificationToken(): Promise<string>;
}

function expectStatus(what: string, res: { status: number; json: unknown }, ok = [200, 201]) {
  if (!ok.includes(res.status)) {
    throw new Error(`fixture: ${what} answered ${res.status} ${JSON.stringify(res.json)}`);
  }
  return res.json as Record<string, unknown>;
}

/** Registers (or, for an existing name like the admin's, signs in) a user. */
async function ensureUser(baseUrl: string, username: string): Promise<SignedInUser> {
  const user = await ensureSeededUser(baseUrl, username, PASSWORD);
  return { ...user, email: `${username.toLowerCase()}@example.test` };
}

export async function createFixtures(
  baseUrl: string,
  mongoUrl: string,
  dbPrefix: string,
): Promise<Fixtures & { close(): Promise<void> }> {
  const api = apiClient(baseUrl);
  const adminName = process.env.ADMIN_USERNAME ?? 'admin';
  const [alice, bob, carol, admin, loginUser, victim, resetUser] = await Promise.all([
    ensureUser(baseUrl, uniqueName('alice')),
    ensureUser(baseUrl, uniqueName('bob')),
    ensureUser(baseUrl, uniqueName('carol')),
    ensureUser(baseUrl, adminName),
    ensureUser(baseUrl, uniqueName('login')),
    ensureUser(baseUrl, uniqueName('victim')),
    ensureUser(baseUrl, uniqueName('reset')),
  ]);
  const users: Record<UserKey, SignedInUser> = { alice, bob, carol, admin };

  const newCommunity = async (owner: UserKey = 'alice') => {
    const name = uniqueName('fz_').slice(0, 30);
    const json = expectStatus(
      'create community',
      await api('POST', '/communities', {
        token: users[owner].token,
        body: { name, description: 'A community for the fuzzer.', rules: 'Be kind.' },
      }),
    );
    return { id: (json.community as { id: string }).id, name };
  };
  const community = await newCommunity();
  const community2 = await newCommunity();
  expectStatus(
    'bob joins',
    await api('POST', `/communities/${community.id}/join`, { token: bob.token }),
  );
  const newPost = async (owner: UserKey = 'alice') => {
    const json = expectStatus(
      'create post',
      await api('POST', '/posts', {
        token: users[owner].token,
        body: { title: 'Fuzz post', content: 'Text of the fuzz post.', community_id: community.id },
      }),
    );
    return { id: (json.post as { id: string }).id };
  };
  const post = await newPost();
  const newComment = async (owner: UserKey = 'alice', on = post) => {
    const json = expectStatus(
      'create comment',
      await api('POST', '/comments', {
        token: users[owner].token,
        body: { content: 'A fuzz comment.', post_id: on.id },
      }),
    );
    return { id: (json.comment as { id: string }).id };
  };
  const comment = await newComment('alice');
  const bobComment = await newComment('bob');
  const elsewhereComment = await newComment('alice', await newPost());

  const conv = expectStatus(
    'start conversation',
    await api('POST', '/messages/conversations', {
      token: alice.token,
      body: { recipientUsername: bob.username, subject: 'Fuzz', content: 'Hello bob' },
    }),
  );
  const conversation = { id: String(conv.id) };
  const message = { id: (conv.message as { id: string }).id };

  const notification = await eventually('a notification for alice', async () => {
    const res = await api<{ notifications: { id: string }[] }>('GET', '/notifications', {
      token: alice.token,
    });
    return res.json.notifications?.[0] ? { id: res.json.notifications[0].id } : undefined;
  });
  const code = expectStatus(
    'referral code',
    await api('GET', '/auth/referral-code', { token: alice.token }),
  );
  const referralCode = String(code.referral_code);

  const mongo = await MongoClient.connect(mongoUrl);
  const newResetToken = async () => {
    const token = randomBytes(32).toString('base64url');
    await mongo
      .db(`${dbPrefix}identity`)
      .collection('password_resets')
      .insertOne({
        _id: new ObjectId(),
        user_id: new ObjectId(resetUser.id),
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 3600_000),
        used_at: null,
        created_at: new Date(),
      });
    return token;
  };
  const newVerificationToken = async () => {
    const token = randomBytes(32).toString('base64url');
    await mongo
      .db(`${dbPrefix}identity`)
      .collection('email_verifications')
      .insertOne({
        _id: new ObjectId(),
        user_id: new ObjectId(loginUser.id),
        email_lower: loginUser.email.toLowerCase(),
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 3600_000),
        used_at: null,
        created_at: new Date(),
      });
    return token;
  };
  const newSession = async () => {
    const json = expectStatus(
      'login',
      await api('POST', '/auth/login', {
        body: { email: loginUser.username, password: loginUser.password },
      }),
    );
    return { token: String(json.token), refreshToken: String(json.refreshToken) };
  };

  return {
    api,
    users,
    loginUser,
    victim,
    resetUser,
    community,
    community2,
    post,
    comment,
    bobComment,
    elsewhereComment,
    conversation,
    message,
    notification,
    referralCode,
    newCommunity,
    newPost,
    newComment,
    newSession,
    newResetToken,
    newVerificationToken,
    close: () => mongo.close(),
  };
}
