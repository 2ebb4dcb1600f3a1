import { describe, expect, it } from 'vitest';
import { CreatePostBody, UpdatePostBody, isHttpUrl } from './post-write.js';
import { stripMarkup } from './post-text.js';
import { CreateCommunityBody } from './community-write.js';
import { VoteBody } from './vote.js';
import { ReactBody } from './reaction.js';

const community_id = '64b7f0c2a1b2c3d4e5f60719';

describe('stripMarkup', () => {
  it.each([
    ['<b>bold</b> text', 'bold text'],
    ['<script>alert(1)</script>', 'alert(1)'],
    ['<<b>script>x', 'x'],
    ['a < b and c > d', 'a < b and c > d'],
    ['<!-- comment -->x', 'x'],
    ['tail <img src=x onerror=alert(1)', 'tail '],
    ['nul\0byte', 'nulbyte'],
  ])('%j -> %j', (input, output) => {
    expect(stripMarkup(input)).toBe(output);
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com/a?b=c', true],
    ['http://localhost:3000', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['file:///etc/passwd', false],
    ['//example.com', false],
    ['https://exa mple.com', false],
    ['', false],
  ])('%s -> %s', (url, ok) => {
    expect(isHttpUrl(url)).toBe(ok);
  });
});

describe('CreatePostBody', () => {
  it('trims and strips, defaults to a text post', () => {
    expect(CreatePostBody.parse({ title: ' <i>Hi</i> ', content: ' body ', community_id })).toEqual(
      { title: 'Hi', content: 'body', type: 'text', community_id },
    );
  });

  it('gives the spec texts first', () => {
    const first = (body: unknown) => CreatePostBody.safeParse(body).error?.issues[0]?.message;
    expect(first({ title: '', content: 'x', community_id })).toBe('Title is required');
    expect(first({ title: 't', community_id })).toBe('Content is required for text posts');
    expect(first({ title: 't', type: 'link', content: 'javascript:x', community_id })).toBe(
      'Please provide a valid URL for link posts',
    );
    expect(first({ title: 't', type: 'poll', content: 'x', community_id })).toBe(
      'Post type must be text, link or image',
    );
  });

  it('lets an edit carry type and community_id without changing them', () => {
    expect(UpdatePostBody.parse({ title: 't', content: 'c', type: 'text', community_id })).toEqual({
      title: 't',
      content: 'c',
      type: 'text',
      community_id,
    });
  });
});

describe('other bodies', () => {
  it('community: bounds and characters', () => {
    const base = { name: 'cats_1', description: 'Ten chars!!', rules: 'Rules' };
    expect(CreateCommunityBody.parse(base)).toEqual({ ...base, is_nsfw: false });
    expect(CreateCommunityBody.safeParse({ ...base, name: 'c-a-t' }).success).toBe(false);
    expect(CreateCommunityBody.safeParse({ ...base, is_nsfw: 'yes' }).success).toBe(false);
  });

  it('vote and reaction kinds', () => {
    expect(VoteBody.safeParse({ vote_type: -1 }).success).toBe(true);
    expect(VoteBody.safeParse({ vote_type: '1' }).success).toBe(false);
    expect(ReactBody.safeParse({ reaction_type: 'rocket' }).success).toBe(true);
    expect(ReactBody.safeParse({ reaction_type: 'angry' }).success).toBe(false);
  });
});
