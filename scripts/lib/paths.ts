import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (scripts/lib/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const REMOTE_NAMES = ['forum', 'inbox', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Workspace folder of each remote's app. */
export const REMOTE_APP_DIR: Record<RemoteName, string> = {
  forum: 'mf-forum',
  inbox: 'mf-inbox',
  admin: 'mf-admin',
};

export const FRONTEND_APPS = ['shell', 'mf-forum', 'mf-inbox', 'mf-admin'] as const;
export type FrontendApp = (typeof FRONTEND_APPS)[number];

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/** Node binaries run directly (no npm/sh in between, so a signal reaches the server). */
export const BIN = {
  tsc: path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
  tsx: path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
  rsbuild: path.join(ROOT, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'),
  devdbCli: path.join(ROOT, 'packages', 'devdb', 'src', 'cli.ts'),
};
