import { describe, expect, it } from 'vitest';
import {
  parseProcStatTicks,
  parseProcStatus,
  summarizeMemory,
  type MemorySample,
} from './memory.js';

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
VmPeak:\t 1234567 kB
VmHWM:\t  204800 kB
VmRSS:\t  153600 kB
RssAnon:\t  100000 kB
Threads:\t11
`;

describe('parseProcStatus', () => {
  it('reads VmRSS and VmHWM in kB', () => {
    expect(parseProcStatus(STATUS)).toEqual({ rssKb: 153600, hwmKb: 204800 });
  });

  it('is undefined for a zombie (no memory lines)', () => {
    expect(parseProcStatus('Name:\tnode\nState:\tZ (zombie)\n')).toBeUndefined();
  });
});

describe('parseProcStatTicks', () => {
  it('adds utime and stime, even with spaces and parentheses in the name', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3)); // fields 3..52
    fields[14 - 3] = '250'; // utime
    fields[15 - 3] = '50'; // stime
    expect(parseProcStatTicks(`4242 (node (x) y) ${fields.join(' ')}`)).toBe(300);
  });

  it('is undefined for garbage', () => {
    expect(parseProcStatTicks('nothing here')).toBeUndefined();
  });
});

describe('summarizeMemory', () => {
  const sample = (at: number, forum: number, cpu: number): MemorySample => ({
    at,
    phase: 'mixed',
    rssKb: { forum: forum * 1024 },
    cpuSeconds: { forum: cpu },
  });

  it('gives start, peak and end in MB, the high-water mark and the CPU share', () => {
    const [forum, gone] = summarizeMemory(
      ['forum', 'gone'],
      [sample(0, 100, 10), sample(5000, 180, 12), sample(10000, 150, 15)],
      { forum: 200 * 1024 },
    );
    expect(forum).toEqual({
      name: 'forum',
      start: 100,
      peak: 180,
      end: 150,
      hwm: 200,
      cpuPercent: 50,
    });
    expect(gone!.peak).toBeNaN();
    expect(gone!.cpuPercent).toBeNaN();
  });
});
