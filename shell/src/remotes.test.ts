import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mf = vi.hoisted(() => ({
  loadRemote: vi.fn(async () => ({ default: () => null })),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({}),
  loadRemote: mf.loadRemote,
  registerRemotes: mf.registerRemotes,
}));

const remotesJson = { forum: { version: 'v1', entry: '/remotes/forum/v1/remoteEntry.js' } };

beforeEach(() => {
  vi.resetModules();
  mf.loadRemote.mockClear();
  mf.registerRemotes.mockClear();
  vi.stubGlobal('window', { location: { href: 'http://forum.test/' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(remotesJson), { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preloadRemoteApp', () => {
  it("hands the early load to the slot's first attempt, once", async () => {
    const { preloadRemoteApp, takeRemoteApp } = await import('./remotes');
    preloadRemoteApp('forum');
    await vi.waitFor(() => expect(mf.loadRemote).toHaveBeenCalledTimes(1));
    const app = await takeRemoteApp('forum', 0);
    expect(typeof app.default).toBe('function');
    expect(mf.loadRemote).toHaveBeenCalledTimes(1);
    // Taken: a slot mounted later, and any retry, loads through the runtime again.
    await takeRemoteApp('forum', 0);
    await takeRemoteApp('forum', 1);
    expect(mf.loadRemote).toHaveBeenCalledTimes(3);
  });

  it('leaves another remote to its own load, and a failed early load to the slot', async () => {
    mf.loadRemote.mockRejectedValueOnce(new Error('offline'));
    const { preloadRemoteApp, takeRemoteApp, RemoteLoadError } = await import('./remotes');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    preloadRemoteApp('forum');
    await expect(takeRemoteApp('inbox', 0)).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(takeRemoteApp('forum', 0)).rejects.toThrow('offline');
  });
});
