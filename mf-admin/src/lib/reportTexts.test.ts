import { describe, expect, it } from 'vitest';
import { itemName, typeLabel, typeName } from './reportTexts';

describe('report texts', () => {
  it('names the types', () => {
    expect(['post', 'comment', 'message'].map((t) => typeLabel(t as 'post'))).toEqual([
      'Post',
      'Comment',
      'Message',
    ]);
    expect(typeName('comment')).toBe('comment');
  });

  it('names an item by its title, or its text for comments and messages', () => {
    expect(
      itemName({ target_type: 'post', target_title: 'Buy pills', target_excerpt: 'Cheap' }),
    ).toBe('post “Buy pills”');
    expect(
      itemName({ target_type: 'comment', target_title: 'A post', target_excerpt: ' you\n are ' }),
    ).toBe('comment “you are”');
    expect(itemName({ target_type: 'message', target_title: null, target_excerpt: 'Hi' })).toBe(
      'message “Hi”',
    );
    // A post without a title falls back to its text.
    expect(itemName({ target_type: 'post', target_title: null, target_excerpt: 'Text' })).toBe(
      'post “Text”',
    );
  });

  it('cuts long text at 60 characters', () => {
    const name = itemName({
      target_type: 'comment',
      target_title: null,
      target_excerpt: 'word '.repeat(30),
    });
    const quoted = name.slice('comment “'.length, -1);
    expect(quoted.length).toBeLessThanOrEqual(60);
    expect(quoted.endsWith('…')).toBe(true);
  });
});
