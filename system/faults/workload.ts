import type { Api, ApiResult } from '../../scripts/lib/api-client.js';
import { eventually, uniqueName } from '../../scripts/lib/api-client.js';
import {
  attempt,
  messagePreview,
  ok,
  register,
  type NotificationLedger,
  type User,
} from './support.js';

/**
 * A small forum in motion for the fault specs: users with posts and conversations, and workers
 * that comment, reply and message concurrently while a spec breaks something. Every outcome is
 * recorded with the phase it started and ended in, and every successful write is entered in a
 * NotificationLedger as the notifications it must cause.
 */

export interface Post {
  id: string;
  title: string;
  authorId: string;
}

export interface Conversation {
  id: string;
  subject: string;
  /** The two participants. */
  a: User;
  b: User;
}

export interface Outcome {
  kind: 'comment' | 'reply' | 'message' | 'vote' | 'post' | 'register' | 'read';
  user: string;
  startPhase: string;
  endPhase: string;
  status: number;
  ms: number;
  error?: string;
}

export class Forum {
  readonly posts: Post[] = [];
  readonly conversations: Conversation[] = [];
  /** Top-level comments others can reply to. */
  readonly comments: { id: string; postId: string; authorId: string }[] = [];
  readonly outcomes: Outcome[] = [];
  phase = 'setup';
  /** Phases during which a process is being killed: a failed write may still have been stored. */
  readonly transitions = new Set(['killing']);
  private counter = 0;

  constructor(
    readonly api: Api,
    readonly ledger: NotificationLedger,
    readonly users: User[],
  ) {}

  /**
   * The specs' starting point: one user per prefix (their sign-up notifications expected), all in
   * the first user's community, each with a post, a conversation with the next user and a
   * comment on the next user's post.
   */
  static async populate(
    api: Api,
    ledger: NotificationLedger,
    prefixes: string[],
  ): Promise<{ forum: Forum; users: User[]; community: { id: string; name: string } }> {
    const users: User[] = [];
    for (const prefix of prefixes) users.push(await register(api, prefix));
    const forum = new Forum(api, ledger, users);
    for (const u of users) await forum.expectSignupNotifications(u);
    const community = await forum.createCommunity(users[0]!);
    for (const u of users.slice(1)) {
      await ok(api, 'POST', `/communities/${community.id}/join`, { token: u.token });
    }
    for (const u of users) await forum.createPost(u, community.id);
    for (let i = 0; i < users.length; i++) {
      await forum.openConversation(users[i]!, users[(i + 1) % users.length]!);
    }
    for (let i = 0; i < users.length; i++) {
      await forum.comment(users[i]!, forum.posts[(i + 1) % users.length]!);
    }
    return { forum, users, community };
  }

  /**
   * What a new account is told: the welcome (referral programme) and one badge_earned per badge
   * identity awarded at sign-up (Founders Club for the first accounts).
   */
  async expectSignupNotifications(user: User): Promise<void> {
    this.ledger.expect(user.id, {
      type: 'referral_program_announcement',
      related_id: null,
      content: '',
    });
    const { badges } = await ok<{ badges: { id: string }[] }>(
      this.api,
      'GET',
      `/badges/user/${user.id}`,
    );
    for (const badge of badges) {
      this.ledger.expect(user.id, { type: 'badge_earned', related_id: badge.id, content: '' });
    }
  }

  async createCommunity(owner: User): Promise<{ id: string; name: string }> {
    const name = uniqueName('fc').slice(0, 30);
    const res = await ok<{ community: { id: string; name: string } }>(
      this.api,
      'POST',
      '/communities',
      {
        token: owner.token,
        body: {
          name,
          description: 'A community for the fault suite.',
          rules: 'Be kind.',
          is_nsfw: false,
        },
      },
    );
    return res.community;
  }

  async createPost(author: User, communityId: string): Promise<Post> {
    const title = `Post by ${author.username} ${this.next()}`;
    const res = await ok<{ post: { id: string } }>(this.api, 'POST', '/posts', {
      token: author.token,
      body: { title, content: `Body of ${title}`, type: 'text', community_id: communityId },
    });
    const post = { id: res.post.id, title, authorId: author.id };
    this.posts.push(post);
    return post;
  }

  /**
   * Opens a conversation with a first message. Messaging learns of a new user by event, so the
   * first attempt may answer 404 (nothing stored): retry until it is accepted.
   */
  async openConversation(from: User, to: User, timeoutMs = 30_000): Promise<Conversation> {
    const subject = `Chat ${this.next()}`;
    const content = `Hello from ${from.username} ${this.next()}`;
    const id = await eventually(
      `messaging to know ${to.username}`,
      async () => {
        const res = await this.api<{ id: string }>('POST', '/messages/conversations', {
          token: from.token,
          body: { recipientUsername: to.username, subject, content },
        });
        if (res.status === 201) return res.json.id;
        if (res.status !== 404)
          throw new Error(`answered ${res.status} ${JSON.stringify(res.json)}`);
        return undefined;
      },
      { timeoutMs },
    );
    const conversation = { id, subject, a: from, b: to };
    this.conversations.push(conversation);
    this.ledger.expect(to.id, {
      type: 'private_message',
      related_id: id,
      content: messagePreview(subject, content),
    });
    return conversation;
  }

  next(): string {
    this.counter += 1;
    return `${this.counter}${Math.random().toString(36).slice(2, 6)}`;
  }

  private record(
    kind: Outcome['kind'],
    user: User | string,
    startPhase: string,
    res: ApiResult<unknown>,
  ): Outcome {
    const outcome: Outcome = {
      kind,
      user: typeof user === 'string' ? user : user.username,
      startPhase,
      endPhase: this.phase,
      status: res.status,
      ms: res.ms,
      ...(res.status >= 300
        ? { error: String((res.json as { error?: unknown }).error ?? JSON.stringify(res.json)) }
        : {}),
    };
    this.outcomes.push(outcome);
    return outcome;
  }

  /** A top-level comment on someone else's post. */
  async comment(user: User, post: Post): Promise<Outcome> {
    const startPhase = this.phase;
    const content = `Comment ${this.next()} by ${user.username}`;
    const res = await attempt<{ comment: { id: string } }>(this.api, 'POST', '/comments', {
      token: user.token,
      body: { content, post_id: post.id },
    });
    if (res.status === 201) {
      this.ledger.expectComment({
        commentId: res.json.comment.id,
        authorId: user.id,
        postAuthorId: post.authorId,
      });
      this.comments.push({ id: res.json.comment.id, postId: post.id, authorId: user.id });
    }
    return this.record('comment', user, startPhase, res);
  }

  /** A reply to someone else's top-level comment. */
  async reply(
    user: User,
    parent: { id: string; postId: string; authorId: string },
  ): Promise<Outcome> {
    const startPhase = this.phase;
    const post = this.posts.find((p) => p.id === parent.postId)!;
    const content = `Reply ${this.next()} by ${user.username}`;
    const res = await attempt<{ comment: { id: string } }>(this.api, 'POST', '/comments', {
      token: user.token,
      body: { content, post_id: post.id, parent_id: parent.id },
    });
    if (res.status === 201) {
      this.ledger.expectComment({
        commentId: res.json.comment.id,
        authorId: user.id,
        postAuthorId: post.authorId,
        parentAuthorId: parent.authorId,
      });
    }
    return this.record('reply', user, startPhase, res);
  }

  /**
   * A message in one of the user's conversations. A message the server accepted must notify the
   * recipient exactly once. One whose answer was lost (the process died mid-request) may or may
   * not have been stored: its notification may exist, but at most once.
   */
  async message(user: User, conversation: Conversation): Promise<Outcome> {
    const startPhase = this.phase;
    const to = conversation.a.id === user.id ? conversation.b : conversation.a;
    const content = `Message ${this.next()} from ${user.username}`;
    const res = await attempt(
      this.api,
      'POST',
      `/messages/conversations/${conversation.id}/messages`,
      { token: user.token, body: { content } },
    );
    const notification = {
      type: 'private_message',
      related_id: conversation.id,
      content: messagePreview(conversation.subject, content),
    };
    const outcome = this.record('message', user, startPhase, res);
    if (res.status === 201) this.ledger.expect(to.id, notification);
    else if (
      outcome.startPhase !== outcome.endPhase ||
      this.transitions.has(outcome.startPhase) ||
      this.transitions.has(outcome.endPhase) ||
      res.status === 0
    ) {
      this.ledger.maybe(to.id, notification);
    }
    return outcome;
  }

  /**
   * An upvote on a post or comment of someone else. Vote notifications are coalesced per item
   * while unread, so the spec checks them per item (one notification whose title counts them).
   */
  async upvote(user: User, target: { kind: 'post' | 'comment'; id: string }): Promise<Outcome> {
    const startPhase = this.phase;
    const res = await attempt(this.api, 'POST', `/${target.kind}s/${target.id}/vote`, {
      token: user.token,
      body: { vote_type: 1 },
    });
    return this.record('vote', user, startPhase, res);
  }

  /** Records the outcome of a call made outside this class (e.g. a registration). */
  note(
    kind: Outcome['kind'],
    who: User | string,
    startPhase: string,
    res: ApiResult<unknown>,
  ): Outcome {
    return this.record(kind, who, startPhase, res);
  }

  /** Comments, replies and messages by `user` until `stop()` says so, one round per `pauseMs`. */
  async work(user: User, stop: () => boolean, pauseMs = 100): Promise<void> {
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
    while (!stop()) {
      const post = pick(this.posts.filter((p) => p.authorId !== user.id));
      const parent = pick(this.comments.filter((c) => c.authorId !== user.id));
      const conversation = pick(
        this.conversations.filter((c) => c.a.id === user.id || c.b.id === user.id),
      );
      const started = performance.now();
      await Promise.all([
        post ? this.comment(user, post) : undefined,
        parent ? this.reply(user, parent) : undefined,
        conversation ? this.message(user, conversation) : undefined,
      ]);
      // A failing dependency answers at once: do not spin faster than a person clicks.
      const spent = performance.now() - started;
      if (spent < pauseMs) await new Promise((r) => setTimeout(r, pauseMs - spent));
    }
  }

  count(filter: (o: Outcome) => boolean): number {
    return this.outcomes.filter(filter).length;
  }

  summary(): string {
    const rows = new Map<string, number>();
    for (const o of this.outcomes) {
      const key = `${o.kind} ${o.startPhase}->${o.endPhase} ${o.status}`;
      rows.set(key, (rows.get(key) ?? 0) + 1);
    }
    return [...rows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k}: ${n}`)
      .join('\n  ');
  }
}
