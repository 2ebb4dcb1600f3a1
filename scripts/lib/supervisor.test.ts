import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Supervisor, tailReport } from './supervisor.js';

/** Running (a zombie waiting for a reaper counts as gone). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('Supervisor', () => {
  it('prefixes output, reports unexpected exits with the last lines', async () => {
    const lines: string[] = [];
    const exits: string[] = [];
    const sup = new Supervisor({
      write: (l) => lines.push(l),
      color: false,
      onUnexpectedExit: (p) => exits.push(tailReport(p)),
    });
    const proc = sup.start({
      name: 'echo',
      command: process.execPath,
      args: ['-e', 'console.log("one"); console.error("two"); process.exit(3)'],
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '' },
    });
    await proc.exited;
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toContain('[echo]     one');
    expect(lines).toContain('[echo]     two');
    expect(proc.exit?.code).toBe(3);
    expect(exits[0]).toContain('  | one');
  });

  it('stops the whole process group, grandchildren included', async () => {
    const lines: string[] = [];
    const sup = new Supervisor({ write: (l) => lines.push(l), color: false, killAfterMs: 2000 });
    // The child spawns a grandchild that ignores nothing and prints its pid, then both idle.
    const script = `
      const { spawn } = require('node:child_process');
      const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log('grandchild ' + g.pid);
      setInterval(() => {}, 1000);
    `;
    const proc = sup.start({
      name: 'parent',
      command: process.execPath,
      args: ['-e', script],
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '' },
    });
    let grandchild: number | undefined;
    for (let i = 0; i < 100 && grandchild === undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const line = lines.find((l) => l.includes('grandchild '));
      if (line) grandchild = Number(line.split('grandchild ')[1]);
    }
    expect(grandchild).toBeGreaterThan(0);
    await sup.stopAll();
    expect(proc.exit).toBeDefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(grandchild!)).toBe(false);
  });

  it('kills what is still running when the supervising process dies without stopAll', async () => {
    const supervisorUrl = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supervisor.ts');
    const script = `
      import { Supervisor } from ${JSON.stringify(supervisorUrl)};
      const sup = new Supervisor({ write: () => {} });
      const p = sup.start({ name: 'sleeper', command: process.execPath,
        args: ['-e', 'setInterval(() => {}, 1000)'], cwd: process.cwd(), env: {} });
      console.log(p.child.pid);
      setTimeout(() => { throw new Error('crash'); }, 200);
    `;
    let out = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? '');
    }
    const pid = Number(out.trim());
    expect(pid).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(pid)).toBe(false);
  });
});
