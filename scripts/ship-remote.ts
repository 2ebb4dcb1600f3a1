/**
 * Ships one remote alone: builds it (`npm run build -w @forum/mf-<name>`), publishes the build as
 * a new immutable version (publish-remote: <remotesDir>/<name>/<content-hash>/) and switches the
 * gateway's remotes.json to it, atomically. The version it replaces is recorded in
 * <remotesDir>/remotes.history.json, so `rollback-remote <name>` can switch back. The shell and
 * the other remotes are not touched: their files and their remotes.json entries stay as they are.
 *
 * CLI: npm run ship:remote -- <forum|inbox|admin> [--remotes-dir DIR] [--keep N] [--no-build]
 * The remotes dir defaults to $REMOTES_DIR, else $DATA_DIR/remotes, else ./.data/remotes (the one
 * `npm start` serves).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultRemotesDir, publishRemote } from './publish-remote.js';
import { runCommand } from './lib/build.js';
import { REMOTE_APP_DIR, REMOTE_NAMES, ROOT, isRemoteName, type RemoteName } from './lib/paths.js';
import {
  pushHistory,
  readHistory,
  readManifest,
  touchVersion,
  withDeployLock,
  writeHistory,
} from './lib/remote-history.js';
import type { RemoteEntry } from './lib/remotes.js';

export interface ShipOptions {
  root?: string;
  remotesDir?: string;
  /** Versions kept per remote, the live one included (default 5: room for rollbacks). */
  keep?: number;
  /** Skip the build and publish the current dist (default: build). */
  build?: boolean;
  write?: (line: string) => void;
}

export interface Shipped extends RemoteEntry {
  name: RemoteName;
  /** The version that was live before (null when the remote was not published yet). */
  previous: RemoteEntry | null;
  /** False when the build was identical to the live version (nothing switched). */
  switched: boolean;
}

export async function buildRemote(
  name: RemoteName,
  options: Pick<ShipOptions, 'root' | 'write'> = {},
): Promise<void> {
  const root = options.root ?? ROOT;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await runCommand(
    `build ${REMOTE_APP_DIR[name]}`,
    npm,
    ['run', 'build', '-w', `@forum/${REMOTE_APP_DIR[name]}`],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      ...(options.write ? { write: options.write } : {}),
    },
  );
}

export async function shipRemote(name: RemoteName, options: ShipOptions = {}): Promise<Shipped> {
  const root = options.root ?? ROOT;
  const remotesDir = options.remotesDir ?? defaultRemotesDir(process.env, root);
  if (options.build !== false) await buildRemote(name, options);
  return withDeployLock(remotesDir, () => {
    const previous = readManifest(remotesDir)[name] ?? null;
    // The version a rollback goes back to must survive publish-remote's pruning.
    if (previous) touchVersion(remotesDir, name, previous.version);
    const published = publishRemote(name, { root, remotesDir, keep: options.keep ?? 5 });
    const entry: RemoteEntry = { version: published.version, entry: published.entry };
    const switched = !previous || previous.version !== entry.version;
    if (previous && switched) {
      writeHistory(remotesDir, pushHistory(readHistory(remotesDir), name, previous));
    }
    return { name, ...entry, previous, switched };
  });
}

function parseArgs(argv: string[]) {
  let name: string | undefined;
  let remotesDir: string | undefined;
  let keep: number | undefined;
  let build = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--remotes-dir') remotesDir = argv[++i];
    else if (arg === '--keep') keep = Number(argv[++i]);
    else if (arg === '--no-build') build = false;
    else if (!arg.startsWith('-')) name = arg;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!name || !isRemoteName(name)) {
    throw new Error(
      `usage: ship-remote.ts <${REMOTE_NAMES.join('|')}> [--remotes-dir DIR] [--keep N] [--no-build]` +
        (name ? `\nunknown remote "${name}"` : ''),
    );
  }
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 2)) {
    throw new Error(
      '--keep must be an integer of at least 2 (the live version and one to roll back to)',
    );
  }
  return {
    name,
    build,
    ...(remotesDir ? { remotesDir: path.resolve(remotesDir) } : {}),
    ...(keep ? { keep } : {}),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { name, ...options } = parseArgs(process.argv.slice(2));
    const result = await shipRemote(name, options);
    if (!result.switched) {
      console.log(`${name}@${result.version} is already live: nothing to switch`);
    } else {
      const from = result.previous ? `${result.previous.version} -> ` : '';
      console.log(`shipped ${name}: ${from}${result.version} (${result.entry})`);
      if (result.previous) console.log(`roll back with: npm run rollback:remote -- ${name}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
