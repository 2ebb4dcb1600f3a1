import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { inTransaction } from '@forum/service-kit';
import type { ConversationDoc } from './models/conversation.js';
import { appendMessage } from './use-cases/shared/append-message.js';
import { newId, startHarness, type Harness, type TestUser } from './test-support/harness.js';

/**
 * A message that had to wait for another transaction (the dev DB's lock here; on MongoDB a
 * primary election holds every write the same way) must not come out older than the message
 * that went first: the conversation's preview is its latest message.
 */
let h: Harness;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  h = await startHarness();
  [alice, bob] = await Promise.all([h.user('OrderA'), h.user('OrderB')]);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => h?.close());

const asAuth = (u: TestUser) => ({ id: u.id, username: u.username, isAdmin: false });

describe('appendMessage under a transaction that holds the database', () => {
  it('a message that waited is newer than the one that went first, and the preview shows it', async () => {
    const res = await h.call<{ id: string }>('POST', '/api/messages/conversations', {
      as: alice,
      body: { recipientUsername: bob.username, subject: `order-${newId()}`, content: 'Opening' },
    });
    expect(res.status).toBe(201);
    const id = new Types.ObjectId(res.body.id);
    const conversation = (await h.models.Conversation.findById(id).lean<ConversationDoc>())!;
    const deps = { models: h.models, outbox: h.service.outbox };

    // The first transaction takes the database, then waits until the second one has sent its
    // first write (which now waits for it).
    let go!: () => void;
    const gate = new Promise<void>((resolve) => (go = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const first = inTransaction(h.service.conn, async (session) => {
      await h.models.Message.findOne({ conversation_id: id });
      holding();
      await gate;
      return appendMessage(deps, session, conversation, asAuth(alice), 'Went first');
    });
    await held;
    const writes = [
      vi.spyOn(h.models.Conversation, 'findOneAndUpdate'),
      vi.spyOn(h.models.Message, 'create'),
    ];
    const second = inTransaction(h.service.conn, (session) =>
      appendMessage(deps, session, conversation, asAuth(bob), 'Waited'),
    );
    await vi.waitFor(() => expect(writes.some((w) => w.mock.calls.length > 0)).toBe(true));
    // The clock moves on while the second one waits: a time it took already is now older.
    const sent = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(sent));
    go();
    const [a, b] = await Promise.all([first, second]);

    expect(b.message.created_at.getTime()).toBeGreaterThan(a.message.created_at.getTime());
    const messages = await h.models.Message.find({ conversation_id: id })
      .sort({ created_at: 1, _id: 1 })
      .lean();
    expect(messages.map((m) => m.content)).toEqual(['Opening', 'Went first', 'Waited']);
    const stored = await h.models.Conversation.findById(id).lean<ConversationDoc>();
    expect(stored!.last_message).toBe('Waited');
    expect(stored!.last_message_at.getTime()).toBe(b.message.created_at.getTime());
    expect(b.conversation.last_message).toBe('Waited');
    expect(stored!.unread[alice.id]).toBe(1);
    expect(stored!.unread[bob.id]).toBe(2);
  });
});
