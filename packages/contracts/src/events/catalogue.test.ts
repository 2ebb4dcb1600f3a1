import { describe, expect, it } from 'vitest';
import {
  createEvent,
  eventSchemas,
  isEventSubject,
  schemaForSubject,
  type EventSubject,
} from './catalogue.js';
import { Streams, Subjects, streamForSubject } from './subjects.js';

const uid = '64b7f0c2a1b2c3d4e5f60718';

describe('event catalogue', () => {
  it('has a schema for every subject of ARCHITECTURE §3', () => {
    expect(Object.keys(eventSchemas).sort()).toEqual(
      [
        'identity.user.registered',
        'identity.user.updated',
        'identity.referral.completed',
        'identity.badge.earned',
        'identity.block.changed',
        'identity.user.deleted',
        'forum.comment.created',
        'forum.comment.subscribers',
        'forum.post.voted',
        'forum.comment.voted',
        'forum.mod_action.recorded',
        'forum.report.resolved',
        'forum.election.decided',
        'forum.mention.recorded',
        'identity.user.site_moderated',
        'messaging.message.reported',
        'messaging.message.sent',
      ].sort(),
    );
    expect(Object.values(Subjects).sort()).toEqual(Object.keys(eventSchemas).sort());
  });

  it('requires the envelope on every event', () => {
    for (const subject of Object.keys(eventSchemas) as EventSubject[]) {
      const result = eventSchemas[subject].safeParse({});
      expect(result.success).toBe(false);
      const paths = result.error!.issues.map((i) => i.path[0]);
      expect(paths).toEqual(expect.arrayContaining(['id', 'occurred_at', 'version']));
    }
  });

  it('createEvent fills the envelope and validates the data', () => {
    const event = createEvent(
      Subjects.UserRegistered,
      {
        user_id: uid,
        username: 'alice',
        avatar_url: null,
        created_at: new Date(0).toISOString(),
        referred_by_user_id: null,
      },
      new Date('2026-01-02T03:04:05.000Z'),
    );
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.occurred_at).toBe('2026-01-02T03:04:05.000Z');
    expect(event.version).toBe(1);
    expect(() =>
      // @ts-expect-error missing fields are a type error and a runtime error
      createEvent(Subjects.UserRegistered, { user_id: uid }),
    ).toThrow();
  });

  it('rejects another version', () => {
    const event = createEvent(Subjects.UserUpdated, {
      user_id: uid,
      username: 'a',
      avatar_url: null,
    });
    expect(eventSchemas[Subjects.UserUpdated].safeParse({ ...event, version: 2 }).success).toBe(
      false,
    );
  });

  it('maps subjects to schemas and streams', () => {
    expect(isEventSubject('forum.post.voted')).toBe(true);
    expect(isEventSubject('forum.post.deleted')).toBe(false);
    expect(schemaForSubject('nope')).toBeUndefined();
    expect(streamForSubject('forum.comment.created')).toBe(Streams.forum);
    expect(streamForSubject('identity.user.updated').name).toBe('IDENTITY');
    expect(() => streamForSubject('billing.x')).toThrow();
  });
});
