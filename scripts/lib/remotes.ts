import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface RemoteEntry {
  version: string;
  entry: string;
}

export type RemotesMap = Record<string, RemoteEntry>;

/** Relative paths of every file under `dir`, sorted, with forward slashes. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  visit('');
  return out.sort();
}

/** A content hash of a build: every file's path and bytes. Same build, same version. */
export function hashDirectory(dir: string, length = 12): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) {
    hash.update(file);
    hash.update('\0');
    hash.update(
      createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest(),
    );
  }
  return hash.digest('hex').slice(0, length);
}

/** The URL the shell loads a published remote from (same origin, through the gateway). */
export function entryUrl(name: string, version: string, entryFile = 'remoteEntry.js'): string {
  return `/remotes/${name}/${version}/${entryFile}`;
}

/** A copy of `map` with `name` pointing at `version` (other remotes untouched). */
export function withRemote(map: RemotesMap, name: string, version: string): RemotesMap {
  return { ...map, [name]: { version, entry: entryUrl(name, version) } };
}

/** Parses remotes.json, tolerating a missing or damaged file (then it is rebuilt from scratch). */
export function parseRemotesMap(text: string | undefined): RemotesMap {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: RemotesMap = {};
    for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
      const e = entry as Partial<RemoteEntry> | null;
      if (e && typeof e.version === 'string' && typeof e.entry === 'string') {
        out[name] = { version: e.version, entry: e.entry };
      }
    }
    return out;
  } catch {
    return {};
  }
}

/** Writes JSON through a temporary file and a rename, so readers never see half a file. */
export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}

/**
 * Which old versions to delete: everything except the current one and the `keep - 1` most
 * recent others (by mtime), so a page still holding the previous entry keeps working.
 */
export function versionsToPrune(
  versions: { name: string; mtimeMs: number }[],
  current: string,
  keep: number,
): string[] {
  const others = versions
    .filter((v) => v.name !== current && !v.name.startsWith('.'))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  return others.slice(Math.max(0, keep - 1)).map((v) => v.name);
}
