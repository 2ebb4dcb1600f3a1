/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import { format, resolveConfig } from 'prettier';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiRoutes, successSchema } from '@forum/contracts';
import { INVALID, parsers } from './parsers.generated';
import { generateParsersSource } from './parsers/generate';
import { loadSuccessSchema, PRECOMPILED_ROUTES } from './successSchemas';
import { post } from './test-post';

const full = {
  ...post,
  thumbnail_url: '/media/t.webp',
  community_nsfw: false,
  reactions: { heart: 1, laugh: 0, sad: 0, wow: 0, rocket: 2 },
  total_reactions: 3,
  user_vote: -1,
  unknown_extra: 'dropped',
};

describe('parsers.generated.ts', () => {
  it('is what the generator writes from the contracts today', async () => {
    const file = fileURLToPath(new URL('./parsers.generated.ts', import.meta.url));
    const options = (await resolveConfig(file)) ?? {};
    const fresh = await format(generateParsersSource(), { ...options, filepath: file });
    expect(readFileSync(file, 'utf8'), 'run `npm run generate:parsers -w @forum/sdk`').toBe(fresh);
    expect(Object.keys(parsers).sort()).toEqual([...PRECOMPILED_ROUTES].sort());
  });

  it('answers as the schema does for valid pages, and refuses what the schema refuses', () => {
    const schema = successSchema(apiRoutes['GET /api/posts']);
    const parse = parsers['GET /api/posts'];
    const valid = [
      { posts: [], pagination: { hasMore: false, total: 0 } },
      { posts: [post, full], pagination: { hasMore: true, total: 40 }, extra: 1 },
    ];
    for (const page of valid) expect(parse(page)).toEqual(schema.parse(page));
    const invalid = [
      null,
      { posts: [{ ...post, score: 'high' }], pagination: { hasMore: false, total: 1 } },
      { posts: [{ ...post, id: 'nope' }], pagination: { hasMore: false, total: 1 } },
      { posts: [{ ...post, type: 'essay' }], pagination: { hasMore: false, total: 1 } },
      { posts: [{ ...post, created_at: 'yesterday' }], pagination: { hasMore: false, total: 1 } },
      { posts: [{ ...post, upvotes: -1 }], pagination: { hasMore: false, total: 1 } },
      { posts: [post] },
    ];
    for (const page of invalid) {
      expect(schema.safeParse(page).success).toBe(false);
      expect(parse(page)).toBe(INVALID);
    }
  });

  it('hands a refused answer to the schema, which gives the issues', async () => {
    const parser = await loadSuccessSchema('GET /api/posts');
    const result = await parser.safeParse({ posts: [{ ...post, score: 'high' }], pagination: {} });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => i.path.join('.'))).toContain('posts.0.score');
    }
    const ok = await parser.safeParse({ posts: [full], pagination: { hasMore: false, total: 1 } });
    expect(ok).toMatchObject({ success: true, data: { posts: [{ user_vote: -1 }] } });
    expect(ok.success && (ok.data as { posts: object[] }).posts[0]).not.toHaveProperty(
      'unknown_extra',
    );
  });
});
