import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { CommunityResponse, LogoResponse, PostResponse } from '@forum/contracts';
import {
  communityBody,
  startHarness,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let community: string;
let png: Buffer;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.user('alice');
  bob = await h.user('bob');
  community = CommunityResponse.parse(
    (
      await h.call('POST', '/api/communities', {
        as: alice,
        body: communityBody(uniqueName('img')),
      })
    ).body,
  ).community.id;
  png = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 30, b: 90 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => h?.stop());

const files = async (sub: 'posts' | 'logos') =>
  (await readdir(join(h.mediaDir, sub)).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.webp'),
  );

function form(
  fields: Record<string, string>,
  file?: { field: string; data: Uint8Array; name?: string },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field, new Blob([file.data]), file.name ?? 'upload.png');
  return fd;
}

const imagePost = (as: TestUser, data?: Uint8Array, extra: Record<string, string> = {}) =>
  h.call('POST', '/api/posts', {
    as,
    rawBody: form(
      { title: 'A picture', type: 'image', community_id: community, content: 'desc', ...extra },
      data ? { field: 'image', data } : undefined,
    ),
  });

describe('image posts', () => {
  it('stores a re-encoded WebP and a thumbnail, served immutable', async () => {
    const res = await imagePost(alice, png);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { post } = PostResponse.parse(res.body);
    expect(post.type).toBe('image');
    expect(post.content).toBe('desc');
    expect(post.image_url).toMatch(/^\/media\/posts\/[0-9a-f]{64}\.webp$/);
    expect(post.thumbnail_url).toMatch(/^\/media\/posts\/[0-9a-f]{64}\.webp$/);
    const served = await h.served.fetch(post.image_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const thumb = await sharp(
      Buffer.from(await (await h.served.fetch(post.thumbnail_url!)).arrayBuffer()),
    ).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBeLessThanOrEqual(640);

    // Deleting the post removes its files.
    expect((await h.call('DELETE', `/api/posts/${post.id}`, { as: alice })).status).toBe(200);
    expect(await files('posts')).toEqual([]);
  });

  it('refuses bad uploads and stores nothing', async () => {
    const before = await files('posts');
    const count = await h.models.Post.countDocuments({});
    const cases: [Uint8Array | undefined, number, string][] = [
      [undefined, 400, 'Please select an image for image posts'],
      [
        Buffer.from('just text, named .png'),
        415,
        'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
      ],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        415,
        'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
      ],
      [
        png.subarray(0, 200),
        400,
        'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
      ],
      [
        Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
        413,
        'File size too large. Maximum size is 10MB.',
      ],
    ];
    for (const [data, status, error] of cases) {
      const res = await imagePost(alice, data);
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
    // Not a member: refused before anything is decoded or stored.
    const notMember = await imagePost(bob, png);
    expect(notMember.status).toBe(403);
    // Bad text fields with a good image.
    const noTitle = await imagePost(alice, png, { title: '' });
    expect(noTitle.body.error).toBe('Title is required');
    const longDescription = await imagePost(alice, png, { content: 'x'.repeat(2001) });
    expect(longDescription.body.error).toBe(
      'Image description must be at most 2,000 characters long',
    );
    expect(await files('posts')).toEqual(before);
    expect(await h.models.Post.countDocuments({})).toBe(count);
  });

  it('accepts a text post sent as multipart (no file)', async () => {
    const res = await h.call('POST', '/api/posts', {
      as: alice,
      rawBody: form({
        title: 'multipart text',
        type: 'text',
        content: 'hi',
        community_id: community,
      }),
    });
    expect(res.status).toBe(201);
    expect(PostResponse.parse(res.body).post.image_url).toBeNull();
  });
});

describe('community logos', () => {
  const upload = (as: TestUser, data?: Uint8Array, field = 'avatar') =>
    h.call('POST', `/api/communities/${community}/logo`, {
      as,
      rawBody: form({}, data ? { field, data } : undefined),
    });

  it('lets the creator upload, replace and remove the logo', async () => {
    const res = await upload(alice, png);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { logo_url } = LogoResponse.parse(res.body);
    expect(logo_url).toMatch(/^\/media\/logos\/[0-9a-f]{64}\.webp$/);
    const meta = await sharp(
      Buffer.from(await (await h.served.fetch(logo_url!)).arrayBuffer()),
    ).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    const c = CommunityResponse.parse(
      (await h.call('GET', `/api/communities/id/${community}`)).body,
    );
    expect(c.community.logo_url).toBe(logo_url);

    const other = await sharp({
      create: { width: 50, height: 50, channels: 3, background: '#00f' },
    })
      .jpeg()
      .toBuffer();
    const replaced = LogoResponse.parse((await upload(alice, other)).body);
    expect(replaced.logo_url).not.toBe(logo_url);
    expect(await files('logos')).toEqual([replaced.logo_url!.split('/').pop()]);

    const removed = await h.call('DELETE', `/api/communities/${community}/logo`, { as: alice });
    expect(removed.body).toEqual({ logo_url: null });
    expect(await files('logos')).toEqual([]);
  });

  it('refuses others and bad files, storing nothing', async () => {
    const denied = await upload(bob, png);
    expect(denied).toEqual({
      status: 403,
      body: { error: 'You do not have permission to edit this community' },
    });
    expect((await h.call('DELETE', `/api/communities/${community}/logo`, { as: bob })).status).toBe(
      403,
    );
    expect((await upload(alice, Buffer.from('%PDF-1.4 not an image'))).status).toBe(415);
    const big = await upload(alice, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big).toEqual({
      status: 413,
      body: { error: 'File size too large. Maximum size is 2MB.' },
    });
    expect((await upload(alice, undefined)).body).toEqual({ error: 'Upload failed' });
    expect((await upload(alice, png, 'logo')).status).toBe(400);
    expect(
      (await h.call('POST', `/api/communities/${community}/logo`, { rawBody: form({}) })).status,
    ).toBe(401);
    expect(await files('logos')).toEqual([]);
  });
});
