/**
 * Publishes a remote's build (mf-<name>/dist) as an immutable version:
 *   <remotesDir>/<name>/<content-hash>/...   the files
 *   <remotesDir>/<name>/remote.json          {version, entry} of this remote alone
 *   <remotesDir>/remotes.json                every remote's current {version, entry}, written atomically
 * The gateway serves <remotesDir> at /remotes and remotes.json at /remotes.json, so a new build of
 * one remote goes live without touching the shell.
 *
 * CLI: node --import tsx scripts/publish-remote.ts <forum|inbox|admin> [--remotes-dir DIR] [--keep N]
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REMOTE_APP_DIR, REMOTE_NAMES, ROOT, isRemoteName, type RemoteName } from './lib/paths.js';
import {
  entryUrl,
  hashDirectory,
  parseRemotesMap,
  versionsToPrune,
  withRemote,
  writeJsonAtomic,
  type RemoteEntry,
} from './lib/remotes.js';

export interface PublishOptions {
  root?: string;
  /** Default: $REMOTES_DIR, else $DATA_DIR/remotes, else <root>/.data/remotes. */
  remotesDir?: string;
  /** The build to publish (default <root>/mf-<name>/dist). */
  distDir?: string;
  /** Versions kept per remote, the current one included (default 3). */
  keep?: number;
}

export interface Published extends RemoteEntry {
  name: RemoteName;
  dir: string;
  /** False when this exact build was already published. */
  copied: boolean;
}

export function defaultRemotesDir(
  env: Record<string, string | undefined> = process.env,
  root = ROOT,
): string {
  if (env.REMOTES_DIR) return path.resolve(env.REMOTES_DIR);
  if (env.DATA_DIR) return path.resolve(env.DATA_DIR, 'remotes');
  return path.join(root, '.data', 'remotes');
}

export function publishRemote(name: RemoteName, options: PublishOptions = {}): Published {
  const root = options.root ?? ROOT;
  const remotesDir = options.remotesDir ?? defaultRemotesDir(process.env, root);
  const distDir = options.distDir ?? path.join(root, REMOTE_APP_DIR[name], 'dist');
  if (!existsSync(path.join(distDir, 'remoteEntry.js'))) {
    throw new Error(
      `${distDir}/remoteEntry.js not found: build the remote first (npm run build -w @forum/${REMOTE_APP_DIR[name]})`,
    );
  }
  const version = hashDirectory(distDir);
  const remoteDir = path.join(remotesDir, name);
  const target = path.join(remoteDir, version);
  mkdirSync(remoteDir, { recursive: true });
  let copied = false;
  if (!existsSync(target)) {
    // Copy next to the target, then rename: a version directory is complete or absent.
    const staging = path.join(remoteDir, `.staging-${version}-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    cpSync(distDir, staging, { recursive: true });
    renameSync(staging, target);
    copied = true;
  }
  const entry: RemoteEntry = { version, entry: entryUrl(name, version) };
  writeJsonAtomic(path.join(remoteDir, 'remote.json'), entry);
  const manifest = path.join(remotesDir, 'remotes.json');
  const current = parseRemotesMap(
    existsSync(manifest) ? readFileSync(manifest, 'utf8') : undefined,
  );
  writeJsonAtomic(manifest, withRemote(current, name, version));

  const versions = readdirSync(remoteDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, mtimeMs: statSync(path.join(remoteDir, d.name)).mtimeMs }));
  for (const old of versionsToPrune(versions, version, options.keep ?? 3)) {
    rmSync(path.join(remoteDir, old), { recursive: true, force: true });
  }
  return { name, ...entry, dir: target, copied };
}

function parseArgs(argv: string[]): { name: string; remotesDir?: string; keep?: number } {
  let name: string | undefined;
  let remotesDir: string | undefined;
  let keep: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--remotes-dir') remotesDir = argv[++i];
    else if (arg === '--keep') keep = Number(argv[++i]);
    else if (!arg.startsWith('-')) name = arg;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!name)
    throw new Error(
      `usage: publish-remote.ts <${REMOTE_NAMES.join('|')}> [--remotes-dir DIR] [--keep N]`,
    );
  return {
    name,
    ...(remotesDir ? { remotesDir: path.resolve(remotesDir) } : {}),
    ...(keep ? { keep } : {}),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const args = parseArgs(process.argv.slice(2));
    if (!isRemoteName(args.name)) {
      throw new Error(`unknown remote "${args.name}" (expected ${REMOTE_NAMES.join(', ')})`);
    }
    const result = publishRemote(args.name, args);
    console.log(
      `${result.copied ? 'published' : 'already published'} ${result.name}@${result.version} -> ${result.entry}`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
