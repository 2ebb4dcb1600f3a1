/**
 * Deploy history of the published remotes, next to remotes.json:
 *   <remotesDir>/remotes.history.json   {"<name>": [{version, entry, replacedAt}, ...]} (oldest first)
 * ship-remote pushes the entry it replaces; rollback-remote pops the newest one and makes it live
 * again. Switches go through writeJsonAtomic, so the gateway never reads half a file; a lock
 * directory keeps two ships/rollbacks from interleaving their read-modify-write of remotes.json.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { parseRemotesMap, writeJsonAtomic, type RemoteEntry, type RemotesMap } from './remotes.js';

export const HISTORY_FILE = 'remotes.history.json';
export const MANIFEST_FILE = 'remotes.json';
/** Previous versions remembered per remote. */
export const HISTORY_DEPTH = 10;

export interface HistoryItem extends RemoteEntry {
  /** When this version stopped being live (ISO time). */
  replacedAt: string;
}
export type RemotesHistory = Record<string, HistoryItem[]>;

export function readManifest(remotesDir: string): RemotesMap {
  const file = path.join(remotesDir, MANIFEST_FILE);
  return parseRemotesMap(existsSync(file) ? readFileSync(file, 'utf8') : undefined);
}

export function readHistory(remotesDir: string): RemotesHistory {
  const file = path.join(remotesDir, HISTORY_FILE);
  if (!existsSync(file)) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: RemotesHistory = {};
    for (const [name, items] of Object.entries(value as Record<string, unknown>)) {
      if (!Array.isArray(items)) continue;
      out[name] = items.filter(
        (i): i is HistoryItem =>
          !!i &&
          typeof (i as HistoryItem).version === 'string' &&
          typeof (i as HistoryItem).entry === 'string',
      );
    }
    return out;
  } catch {
    return {};
  }
}

export function writeHistory(remotesDir: string, history: RemotesHistory): void {
  writeJsonAtomic(path.join(remotesDir, HISTORY_FILE), history);
}

/** History with `entry` pushed as the newest previous version of `name` (bounded). */
export function pushHistory(
  history: RemotesHistory,
  name: string,
  entry: RemoteEntry,
  replacedAt = new Date().toISOString(),
): RemotesHistory {
  const items = [...(history[name] ?? []), { ...entry, replacedAt }];
  return { ...history, [name]: items.slice(-HISTORY_DEPTH) };
}

/** The directory a published version lives in. */
export function versionDir(remotesDir: string, name: string, version: string): string {
  return path.join(remotesDir, name, version);
}

export function isPublished(remotesDir: string, name: string, version: string): boolean {
  return existsSync(path.join(versionDir(remotesDir, name, version), 'remoteEntry.js'));
}

/**
 * Marks a version as recently used (publish-remote prunes the least recently modified versions),
 * so the version a rollback would go back to is not the one pruned.
 */
export function touchVersion(remotesDir: string, name: string, version: string): void {
  const dir = versionDir(remotesDir, name, version);
  if (!existsSync(dir)) return;
  const now = new Date();
  utimesSync(dir, now, now);
}

/** Makes `entry` the live version of `name`: remote.json, then remotes.json (both atomic). */
export function switchRemote(remotesDir: string, name: string, entry: RemoteEntry): void {
  writeJsonAtomic(path.join(remotesDir, name, 'remote.json'), {
    version: entry.version,
    entry: entry.entry,
  });
  const map = readManifest(remotesDir);
  writeJsonAtomic(path.join(remotesDir, MANIFEST_FILE), {
    ...map,
    [name]: { version: entry.version, entry: entry.entry },
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` holding <remotesDir>/.deploy.lock (a directory: mkdir is atomic). A lock older than
 * `staleMs` is taken over (its owner died).
 */
export async function withDeployLock<T>(
  remotesDir: string,
  fn: () => Promise<T> | T,
  { timeoutMs = 120_000, staleMs = 300_000 } = {},
): Promise<T> {
  mkdirSync(remotesDir, { recursive: true });
  const lock = path.join(remotesDir, '.deploy.lock');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue;
      }
      if (age > staleMs) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock} is held by another deploy`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
