import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs the devdb CLI (`--port 0 --quiet` plus `args`) and resolves with its URI once it listens. */
export function spawnCli(args: string[]): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      'packages/devdb/src/cli.ts',
      '--port',
      '0',
      '--quiet',
      ...args,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('mongodb://'));
      if (line) resolve({ child, uri: line.trim() });
    });
    child.once('exit', (code) => reject(new Error(`devdb exited early with ${code}`)));
  });
}

/** Stops a CLI child and waits for it to exit. */
export async function stopCli(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
