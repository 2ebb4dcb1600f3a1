import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModActionRecordedEvent, Subjects, type EventOf } from '@forum/contracts';
import type { Harness, TestUser } from './test-support/harness.js';
import {
  appoint,
  join,
  known,
  modlog,
  newComment,
  newPost,
  ok,
  startModeration,
  type ModWorld,
} from './test-support/moderation.js';
import { crashOnce } from './test-support/crash.js';
import { publishedEvents } from './test-support/events.js';
import { appeal, reportOf, resolvedEvents } from './test-support/reports.js';

/**
 * EXTENSIONS §M3: an action without its log entry must be impossible, also when the service dies
 * between the writes. A throw at the log entry's write (after the action's change) and at the
 * notification's event (after the entry) stands for the process dying there: the transaction
 * never commits, so the change, the entry and the event are all absent; the retried action then
 * leaves each exactly once.
 */
let h: Harness;
let admin: TestUser;
let w: ModWorld;
beforeAll(async () => {
  ({ h, admin, w } = await startModeration());
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => h?.stop());

type ModEvent = EventOf<typeof Subjects.ModActionRecorded>;

/** Every mod_action event published so far. */
const modEvents = (): Promise<ModEvent[]> =>
  publishedEvents(h, Subjects.ModActionRecorded, ModActionRecordedEvent, () => true, 0);

interface Action {
  label: string;
  /** Sets up the target; returns the request and how to read the state it changes. */
  prepare(): Promise<{
    method: string;
    path: string;
    body?: unknown;
    state(): Promise<unknown>;
    /** The event's related_id when the action tells someone. */
    notifies?: string;
  }>;
}

const ACTIONS: Action[] = [
  {
    label: 'remove a post',
    prepare: async () => {
      const p = await newPost(h, w.member, w.community.id);
      return {
        method: 'POST',
        path: `/api/posts/${p.id}/remove`,
        body: { reason: 'Spam' },
        state: async () => (await h.models.Post.findById(p.id).lean())?.removed,
        notifies: p.id,
      };
    },
  },
  {
    label: 'remove a comment',
    prepare: async () => {
      const c = await newComment(h, w.member, w.post);
      return {
        method: 'POST',
        path: `/api/comments/${c.id}/remove`,
        body: { reason: 'Rude' },
        state: async () => (await h.models.Comment.findById(c.id).lean())?.removed,
        notifies: c.id,
      };
    },
  },
  {
    label: 'ban a user',
    prepare: async () => {
      const u = await h.user();
      await known(h, u);
      return {
        method: 'POST',
        path: `/api/communities/${w.community.id}/bans`,
        body: { username: u.username, reason: 'Spam', days: 2 },
        state: () => h.models.Ban.countDocuments({ user_id: u.id }),
        notifies: w.community.name,
      };
    },
  },
  {
    label: 'pin a post',
    prepare: async () => {
      const p = await newPost(h, w.member, w.community.id);
      await h.models.Post.updateMany({ community_id: w.community.id }, { $set: { pinned: false } });
      return {
        method: 'POST',
        path: `/api/posts/${p.id}/pin`,
        state: async () => (await h.models.Post.findById(p.id).lean())?.pinned,
      };
    },
  },
  {
    label: 'appoint a moderator',
    prepare: async () => {
      const u = await h.user();
      await known(h, u);
      await join(h, u, w.community.id);
      return {
        method: 'POST',
        path: `/api/communities/${w.community.id}/moderators`,
        body: { username: u.username },
        state: async () => [
          await h.models.Moderator.countDocuments({ user_id: u.id }),
          (await h.models.Membership.findOne({ user_id: u.id }).lean())?.is_moderator,
        ],
      };
    },
  },
  {
    label: 'resolve a report by removing the post',
    prepare: async () => {
      const p = await newPost(h, w.member, w.community.id);
      await ok(h, 201, 'POST', `/api/posts/${p.id}/report`, {
        as: w.outsider,
        body: { reason: 'Spam' },
      });
      const { id } = (await reportOf(h, admin, p.id))!;
      return {
        method: 'POST',
        path: `/api/reports/${id}/resolve`,
        body: { action: 'remove' },
        // The removal, the report's closing and forum.report.resolved stand or fall together.
        state: async () => [
          (await h.models.Post.findById(p.id).lean())?.removed,
          (await h.models.Report.findById(id).lean())?.status,
          (await resolvedEvents(h, id)).length,
        ],
        notifies: p.id,
      };
    },
  },
  {
    label: 'overturn an appeal',
    prepare: async () => {
      const p = await newPost(h, w.member, w.community.id);
      await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, { as: admin, body: { reason: 'R' } });
      const filed = await appeal(h, w.member, (await modlog(h, w.community.id))[0]!.id);
      return {
        method: 'POST',
        path: `/api/appeals/${filed.id}/decide`,
        body: { outcome: 'overturn', reason: 'Fair' },
        state: async () => [
          (await h.models.Post.findById(p.id).lean())?.removed,
          (await h.models.Appeal.findById(filed.id).lean())?.status,
        ],
        notifies: p.id,
      };
    },
  },
  {
    label: 'hand over ownership',
    prepare: async () => {
      const u = await h.user();
      await appoint(h, admin, w.community.id, u);
      const team = () =>
        h.models.Moderator.find({ community_id: w.community.id }, { user_id: 1, role: 1 })
          .sort({ user_id: 1 })
          .lean();
      return {
        method: 'POST',
        path: `/api/communities/${w.community.id}/owner`,
        body: { username: u.username },
        state: team,
      };
    },
  },
];

/** Where the process dies: writing the log entry (after the change), or its event (after both). */
const STEPS = ['at the log entry', 'at the event'] as const;

describe.each(ACTIONS)('$label', ({ prepare }) => {
  it.each(STEPS)('dies %s: neither the action nor its entry nor its event remain', async (step) => {
    // The admin may do all of them, whoever owns the community after a hand-over.
    const as = admin;
    const { method, path, body, state, notifies } = await prepare();
    const before = [await state(), await modlog(h, w.community.id)];
    const eventsBefore = (await modEvents()).length;

    // Actions that tell nobody write no event: their log entry is their last write.
    if (step === 'at the event' && !notifies) return;
    if (step === 'at the log entry') crashOnce(h.models.ModlogEntry, 'create');
    else crashOnce(h.outbox, 'add');
    const crashed = await h.call(method, path, { as, ...(body ? { body } : {}) });
    expect(crashed.status).toBe(500);
    expect([await state(), await modlog(h, w.community.id)]).toEqual(before);
    expect((await modEvents()).length).toBe(eventsBefore);

    vi.restoreAllMocks();
    const res = await h.call(method, path, { as, ...(body ? { body } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const log = await modlog(h, w.community.id);
    expect(log.length).toBe((before[1] as unknown[]).length + 1);
    const events = await modEvents();
    const mine = events.filter((e) => e.modlog_id === log[0]!.id);
    expect(mine.length).toBe(notifies ? 1 : 0);
    if (notifies) expect(mine[0]!.related_id).toBe(notifies);
    expect(events.length).toBe(eventsBefore + (notifies ? 1 : 0));
  });
});

it('the answer to a crashed action is a plain 500 (nothing of the crash leaks)', async () => {
  const p = await newPost(h, w.member, w.community.id);
  crashOnce(h.models.ModlogEntry, 'create');
  const res = await h.call('POST', `/api/posts/${p.id}/lock`, { as: admin });
  expect(res.status).toBe(500);
  expect(JSON.stringify(res.body)).not.toContain('crash at create');
  await ok(h, 200, 'POST', `/api/posts/${p.id}/lock`, { as: admin });
});
