import type { ComponentType } from 'react';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export const REMOTE_NAMES = ['forum', 'inbox', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RemoteInfo {
  version: string;
  /** URL of the remote's remoteEntry.js, e.g. /remotes/forum/<version>/remoteEntry.js */
  entry: string;
}
export type RemotesConfig = Partial<Record<RemoteName, RemoteInfo>>;

export const REMOTES_CONFIG_URL = '/remotes.json';

function parseRemotesConfig(value: unknown): RemotesConfig {
  if (!value || typeof value !== 'object') throw new Error('remotes.json is not an object');
  const out: RemotesConfig = {};
  for (const name of REMOTE_NAMES) {
    const item = (value as Record<string, unknown>)[name];
    if (!item || typeof item !== 'object') continue;
    const { version, entry } = item as { version?: unknown; entry?: unknown };
    if (typeof entry !== 'string' || !entry) continue;
    out[name] = { version: typeof version === 'string' ? version : '', entry };
  }
  return out;
}

let configPromise: Promise<RemotesConfig> | null = null;

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const res = await fetch(REMOTES_CONFIG_URL, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${res.status}`);
  return parseRemotesConfig(await res.json());
}

/** The remotes map, fetched once; `refresh` fetches it again (used by Retry). */
export function getRemotesConfig(refresh = false): Promise<RemotesConfig> {
  if (!configPromise || refresh) {
    const p = fetchRemotesConfig();
    configPromise = p;
    // A failed fetch is not cached: the next caller tries again.
    p.catch(() => {
      if (configPromise === p) configPromise = null;
    });
  }
  return configPromise;
}

export function preloadRemotesConfig(): void {
  getRemotesConfig().catch(() => {
    /* reported by the remote slots */
  });
}

/** Entry each remote is registered with; a remote whose load failed is re-registered. */
const registered = new Map<RemoteName, string>();
const failed = new Set<RemoteName>();

/**
 * Called by the error boundary when a loaded remote crashed (a throw while rendering, or one of
 * its own chunks failing). The next attempt re-registers it, which re-runs its remoteEntry.js and
 * gives fresh module instances (React.lazy inside the remote caches a failed import otherwise).
 */
export function markRemoteFailed(name: RemoteName): void {
  failed.add(name);
}

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type RemoteAppModule = { default: ComponentType };

let early: { name: RemoteName; app: Promise<RemoteAppModule> } | null = null;

/**
 * Starts loading the remote of the page the visitor opened, from the shell's entry, while the
 * shared modules and the shell's own chunks are still on their way: the remote's files no
 * longer wait for React to render the shell first. The slot's first attempt takes this load.
 */
export function preloadRemoteApp(name: RemoteName): void {
  const app = loadRemoteApp(name);
  app.catch(() => {
    /* reported by the remote slot, which takes this promise */
  });
  early = { name, app };
}

/** The first attempt of a slot takes the early load once; a retry or a later slot loads anew. */
export function takeRemoteApp(name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  if (attempt === 0 && early?.name === name) {
    const { app } = early;
    early = null;
    return app;
  }
  return loadRemoteApp(name, attempt);
}

/**
 * Loads `<remote>/App` through the Module Federation runtime. Fresh registration (force) when
 * the entry changed or the previous attempt failed, so Retry really fetches the files again.
 */
export async function loadRemoteApp(name: RemoteName, attempt = 0): Promise<RemoteAppModule> {
  try {
    const config = await getRemotesConfig(attempt > 0);
    const info = config[name];
    if (!info) throw new Error(`remote "${name}" is not in ${REMOTES_CONFIG_URL}`);
    const entry = new URL(info.entry, window.location.href).href;
    if (!getInstance()) throw new Error('Module Federation runtime is not initialised');
    const previous = registered.get(name);
    if (previous !== entry || failed.has(name)) {
      registerRemotes([{ name, entry }], { force: previous !== undefined });
      registered.set(name, entry);
    }
    const mod = await loadRemote<Partial<RemoteAppModule>>(`${name}/App`);
    if (!mod || typeof mod.default !== 'function') {
      throw new Error(`${name}/App has no default export component`);
    }
    failed.delete(name);
    return mod as RemoteAppModule;
  } catch (err) {
    failed.add(name);
    const reason = err instanceof Error ? err.message : String(err);
    console.error(`[shell] remote "${name}" failed to load: ${reason}`, err);
    throw new RemoteLoadError(name, `Remote "${name}" failed to load: ${reason}`, { cause: err });
  }
}
