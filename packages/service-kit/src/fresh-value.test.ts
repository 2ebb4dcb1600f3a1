import { describe, expect, it } from 'vitest';
import { freshValue } from './fresh-value.js';

/** A read whose answers the test releases one by one, counting the reads begun. */
function reader() {
  const pending: ((v: number) => void)[] = [];
  const failures: ((e: Error) => void)[] = [];
  let reads = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        reads++;
        pending.push(resolve);
        failures.push(reject);
      }),
    answer: (v: number) => pending.shift()!(v),
    fail: (e: Error) => {
      pending.shift();
      failures.shift()!(e);
    },
    get reads() {
      return reads;
    },
  };
}

describe('freshValue', () => {
  it('answers from the last read until it is maxAgeMs old, from when that read began', async () => {
    let clock = 1_000;
    const r = reader();
    const value = freshValue(r.read, 1000, () => clock);
    const first = value.get();
    clock = 1_400; // the read takes 400 ms: its age counts from 1,000
    r.answer(1);
    expect(await first).toBe(1);
    clock = 1_999;
    expect(await value.get()).toBe(1);
    expect(r.reads).toBe(1);
    clock = 2_000;
    const second = value.get();
    r.answer(2);
    expect(await second).toBe(2);
    expect(r.reads).toBe(2);
  });

  it('shares one read among callers at the same moment', async () => {
    const r = reader();
    const value = freshValue(r.read, 1000, () => 0);
    const a = value.get();
    const b = value.get();
    r.answer(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(r.reads).toBe(1);
  });

  it('reads again after forget(), and never keeps a read that began before it', async () => {
    const r = reader();
    const value = freshValue(r.read, 1000, () => 0);
    const first = value.get();
    r.answer(1);
    expect(await first).toBe(1);
    value.forget();
    const before = value.get(); // begins before the next forget()
    value.forget();
    const after = value.get(); // a read of its own
    expect(r.reads).toBe(3);
    r.answer(2);
    r.answer(3);
    expect(await before).toBe(2);
    expect(await after).toBe(3);
    expect(await value.get()).toBe(3); // kept: the read after the last forget()
    expect(r.reads).toBe(3);
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const r = reader();
    const value = freshValue(r.read, 1000, () => 0);
    const failed = value.get();
    r.fail(new Error('down'));
    await expect(failed).rejects.toThrow('down');
    const retried = value.get();
    r.answer(5);
    expect(await retried).toBe(5);
    expect(r.reads).toBe(2);
  });
});
