/**
 * Switches one remote back to the version that was live before the last ship (the newest entry
 * of <remotesDir>/remotes.history.json), atomically rewriting remotes.json; the gateway picks it
 * up without a restart. Repeated rollbacks walk further back. Other remotes are not touched.
 *
 * CLI: npm run rollback:remote -- <forum|inbox|admin> [--remotes-dir DIR]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultRemotesDir } from './publish-remote.js';
import { REMOTE_NAMES, ROOT, isRemoteName, type RemoteName } from './lib/paths.js';
import {
  isPublished,
  readHistory,
  readManifest,
  switchRemote,
  touchVersion,
  withDeployLock,
  writeHistory,
} from './lib/remote-history.js';
import type { RemoteEntry } from './lib/remotes.js';

export interface RollbackOptions {
  root?: string;
  remotesDir?: string;
}

export interface RolledBack extends RemoteEntry {
  name: RemoteName;
  /** The version that was live before the rollback. */
  from: RemoteEntry | null;
}

export class RollbackError extends Error {}

export async function rollbackRemote(
  name: RemoteName,
  options: RollbackOptions = {},
): Promise<RolledBack> {
  const remotesDir = options.remotesDir ?? defaultRemotesDir(process.env, options.root ?? ROOT);
  return withDeployLock(remotesDir, () => {
    const history = readHistory(remotesDir);
    const items = [...(history[name] ?? [])];
    const from = readManifest(remotesDir)[name] ?? null;
    // Newest first; skip versions whose files are gone (pruned by hand) or equal to the live one.
    while (items.length > 0) {
      const target = items.pop()!;
      if (from && target.version === from.version) continue;
      if (!isPublished(remotesDir, name, target.version)) continue;
      const entry: RemoteEntry = { version: target.version, entry: target.entry };
      touchVersion(remotesDir, name, entry.version);
      switchRemote(remotesDir, name, entry);
      writeHistory(remotesDir, { ...history, [name]: items });
      return { name, ...entry, from };
    }
    throw new RollbackError(`no previous version of ${name} to roll back to (${remotesDir})`);
  });
}

function parseArgs(argv: string[]) {
  let name: string | undefined;
  let remotesDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--remotes-dir') remotesDir = argv[++i];
    else if (!arg.startsWith('-')) name = arg;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!name || !isRemoteName(name)) {
    throw new Error(
      `usage: rollback-remote.ts <${REMOTE_NAMES.join('|')}> [--remotes-dir DIR]` +
        (name ? `\nunknown remote "${name}"` : ''),
    );
  }
  return { name, ...(remotesDir ? { remotesDir: path.resolve(remotesDir) } : {}) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { name, ...options } = parseArgs(process.argv.slice(2));
    const result = await rollbackRemote(name, options);
    console.log(
      `rolled back ${name}: ${result.from?.version ?? '(none)'} -> ${result.version} (${result.entry})`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
