import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { AvatarResponse, Subjects } from '@forum/contracts';
import {
  startHarness,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';
import { collectIdentityEvents } from '../test-support/event-collector.js';
import { avatarDir } from '../server.js';

const INVALID = 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.';
const TOO_LARGE = 'File size too large. Maximum size is 2MB.';

let h: IdentityHarness;
let events: Awaited<ReturnType<typeof collectIdentityEvents>>;
beforeAll(async () => {
  h = await startHarness();
  events = await collectIdentityEvents(await h.producer());
});
afterAll(async () => {
  await events?.stop();
  await h?.stop();
});

const image = (
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  color = { r: 200, g: 30, b: 90 },
  width = 400,
) =>
  sharp({ create: { width, height: 300, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

function upload(user: TestUser | undefined, bytes: Uint8Array, name = 'a.png', field = 'avatar') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return h.api.call('POST', '/api/auth/avatar', { form, ...(user ? { token: user.token } : {}) });
}
const files = async () =>
  (await readdir(avatarDir(h.service.deps.config)).catch(() => [])).filter((f) =>
    f.endsWith('.webp'),
  );
const avatarOf = async (user: TestUser) =>
  (await h.api.get(`/api/auth/user/${user.username}`)).body.user.avatar_url as string | null;

describe('POST /api/auth/avatar', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'turns a %s into a 256 px WebP served with immutable caching',
    async (format) => {
      const user = await h.register('Pic');
      const res = await upload(user, await image(format), `me.${format}`);
      expect(res.status, res.text).toBe(200);
      const { avatar_url } = AvatarResponse.parse(res.body);
      expect(avatar_url).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
      expect(await avatarOf(user)).toBe(avatar_url);

      const served = await fetch(h.service.url + avatar_url!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      await waitFor(() =>
        events
          .of(Subjects.UserUpdated)
          .find((e) => e.user_id === user.id && e.avatar_url === avatar_url),
      );
    },
  );

  it('replaces the old file, and DELETE removes it', async () => {
    const user = await h.register('Swap');
    const first = (await upload(user, await image('png', { r: 1, g: 2, b: 3 }))).body.avatar_url;
    const second = (await upload(user, await image('png', { r: 4, g: 5, b: 6 }))).body.avatar_url;
    expect(second).not.toBe(first);
    const names = await files();
    expect(names).toContain(second.split('/').pop());
    expect(names).not.toContain(first.split('/').pop());
    expect((await fetch(h.service.url + first)).status).toBe(404);

    const del = await h.api.delete('/api/auth/avatar', { token: user.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ avatar_url: null });
    expect(await files()).not.toContain(second.split('/').pop());
    expect(await avatarOf(user)).toBeNull();
    await waitFor(() =>
      events.of(Subjects.UserUpdated).find((e) => e.user_id === user.id && e.avatar_url === null),
    );
    // Idempotent.
    expect((await h.api.delete('/api/auth/avatar', { token: user.token })).body).toEqual({
      avatar_url: null,
    });
  });

  it('keeps a file another account still shows', async () => {
    const [a, b] = [await h.register('Same'), await h.register('Same')];
    const bytes = await image('png', { r: 9, g: 9, b: 9 });
    const url = (await upload(a, bytes)).body.avatar_url;
    expect((await upload(b, bytes)).body.avatar_url).toBe(url);
    await h.api.delete('/api/auth/avatar', { token: a.token });
    expect((await fetch(h.service.url + url)).status).toBe(200);
    expect(await avatarOf(b)).toBe(url);
  });

  it('acts only on the caller: another user cannot change or remove your avatar', async () => {
    const [owner, other] = [await h.register('Own'), await h.register('Other')];
    const url = (await upload(owner, await image('png', { r: 50, g: 60, b: 70 }))).body.avatar_url;
    // The paths carry no user id; whatever the other user sends only touches their own account.
    await upload(other, await image('png', { r: 80, g: 90, b: 100 }));
    await h.api.delete('/api/auth/avatar', { token: other.token });
    const sneaky = await h.api.call('DELETE', `/api/auth/avatar?userId=${owner.id}`, {
      token: other.token,
    });
    expect(sneaky.body).toEqual({ avatar_url: null });
    expect(await avatarOf(owner)).toBe(url);
    expect((await upload(undefined, await image('png'))).status).toBe(401);
    expect((await h.api.delete('/api/auth/avatar')).status).toBe(401);
  });

  it('refuses what is not an image, or too big, with the spec texts, and changes nothing', async () => {
    const user = await h.register('Bad');
    const url = (await upload(user, await image('png', { r: 11, g: 12, b: 13 }))).body.avatar_url;
    const before = await files();
    const png = await image('png', { r: 14, g: 15, b: 16 });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    png.copy(big, 0, 0, 64);
    const cases: [Uint8Array, string, number, string][] = [
      [Buffer.from('just some text, not an image'), 'photo.png', 415, INVALID],
      [png.subarray(0, Math.floor(png.length / 2)), 'cut.png', 400, INVALID],
      [svg, 'vector.svg', 415, INVALID],
      [svg, 'vector.png', 415, INVALID],
      [big, 'huge.png', 413, TOO_LARGE],
    ];
    for (const [bytes, name, status, text] of cases) {
      const res = await upload(user, bytes, name);
      expect(res.status, name).toBe(status);
      expect(res.body).toEqual({ error: text });
    }
    expect(await avatarOf(user)).toBe(url);
    expect(await files()).toEqual(before);
  });

  it('needs a file in the avatar field', async () => {
    const user = await h.register('Empty');
    const none = await h.api.call('POST', '/api/auth/avatar', {
      token: user.token,
      form: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: 'Please select an image to upload' });
    const wrongField = await upload(user, await image('png'), 'a.png', 'picture');
    expect(wrongField.status).toBe(400);
    expect(await avatarOf(user)).toBeNull();
  });
});
