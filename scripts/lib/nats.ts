import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export const NATS_MISSING_MESSAGE = [
  'nats-server was not found on PATH or in /usr/sbin.',
  'Install it (Debian/Ubuntu):  sudo apt-get install -y nats-server',
  'or put a nats-server v2.9+ binary on PATH, or set NATS_SERVER_BIN to its path.',
].join('\n');

/** Candidate paths for nats-server: NATS_SERVER_BIN, then each PATH entry, then /usr/sbin. */
export function natsCandidates(env: Record<string, string | undefined>): string[] {
  const candidates: string[] = [];
  if (env.NATS_SERVER_BIN) candidates.push(env.NATS_SERVER_BIN);
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir) candidates.push(path.join(dir, 'nats-server'));
  }
  candidates.push('/usr/sbin/nats-server', '/usr/local/sbin/nats-server');
  return [...new Set(candidates)];
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nats-server executable, or undefined when there is none. */
export function findNatsServer(
  env: Record<string, string | undefined>,
  exists: (file: string) => boolean = isExecutable,
): string | undefined {
  return natsCandidates(env).find(exists);
}
