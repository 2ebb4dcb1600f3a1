/** Starts nginx (Debian's nginx-light) in the foreground with a generated config in a temp dir. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { freePort } from '../../lib/ports.js';
import { renderNginxConfig, type NginxConfigVars } from './compare.js';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'nginx.conf.template',
);

export interface RunningNginx {
  url: string;
  /** The process serving the requests (master_process off). */
  pid: number;
  configFile: string;
  stop(): Promise<void>;
}

export function nginxInstalled(): boolean {
  return existsSync(NGINX_BIN);
}

/** nginx on a free port proxying to `vars.upstream`; resolves once it accepts connections. */
export async function startNginx(vars: Omit<NginxConfigVars, 'port'>): Promise<RunningNginx> {
  const port = await freePort();
  mkdirSync(vars.dir, { recursive: true });
  const configFile = path.join(vars.dir, 'nginx.conf');
  writeFileSync(configFile, renderNginxConfig(readFileSync(TEMPLATE, 'utf8'), { ...vars, port }));
  // -e: the startup error log, before the config's own error_log applies (/var/log needs root).
  const child: ChildProcess = spawn(
    NGINX_BIN,
    ['-p', vars.dir, '-c', configFile, '-e', path.join(vars.dir, 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(r, 50, 'wait'))]);
    if (code !== 'wait' || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start (${configFile}): ${stderr.trim() || `exit ${code}`}`);
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    configFile,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT'); // graceful: finish the open requests
      await exited;
    },
  };
}

/** Connects rather than binds: a bind probe could take the port from nginx while it starts. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
