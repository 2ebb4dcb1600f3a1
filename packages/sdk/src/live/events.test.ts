import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './events';

const message = {
  id: 'm1',
  conversation_id: 'c1',
  sender_id: 'u2',
  content: 'Hi',
  created_at: '2026-01-02T03:04:05.000Z',
  is_read: false,
};

describe('parseLiveEvent', () => {
  it('accepts each event with the fields its handlers read', () => {
    expect(parseLiveEvent('unread', '{"notifications":2,"messages":0}')).toEqual({
      event: 'unread',
      data: { notifications: 2, messages: 0 },
    });
    const msg = { conversation_id: 'c1', message };
    expect(parseLiveEvent('message', JSON.stringify(msg))?.data).toEqual(msg);
    const comment = {
      post_id: 'p1',
      comment_id: 'k1',
      parent_id: null,
      author_id: 'u2',
      author_username: 'bob',
      created_at: message.created_at,
    };
    expect(parseLiveEvent('comment', JSON.stringify(comment))?.event).toBe('comment');
    const notification = {
      id: 'n1',
      type: 'reply_to_post',
      title: 'New reply',
      content: 'x',
      is_read: false,
      created_at: message.created_at,
    };
    expect(parseLiveEvent('notification', JSON.stringify(notification))?.data).toEqual(
      notification,
    );
  });

  it('drops unknown names, broken JSON and wrong shapes', () => {
    expect(parseLiveEvent('message', '{')).toBeNull();
    expect(parseLiveEvent('toString', '{}')).toBeNull();
    expect(parseLiveEvent('ping', '{}')).toBeNull();
    expect(parseLiveEvent('unread', '{"notifications":-1,"messages":0}')).toBeNull();
    expect(parseLiveEvent('unread', '{"notifications":"2","messages":0}')).toBeNull();
    expect(parseLiveEvent('message', JSON.stringify({ conversation_id: 'c1' }))).toBeNull();
    expect(parseLiveEvent('comment', JSON.stringify({ post_id: 'p1', parent_id: 3 }))).toBeNull();
    expect(parseLiveEvent('notification', '[]')).toBeNull();
  });
});
