import fs from 'node:fs';
import path from 'node:path';

/**
 * Claims `dataDir` for this process with a `devdb.lock` file holding our pid, so two servers
 * never append to the same journal. A lock left by a dead process (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'devdb.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`devdb: ${dataDir} is in use by process ${pid}`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`devdb: could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
