import { describe, expect, it } from 'vitest';
import { Store } from '../engine/store.js';
import { DbLocks } from './db-locks.js';
import { Transaction } from './transaction.js';

const txn = (session: string): Transaction => new Transaction(session, 1n, new Store());

describe('DbLocks', () => {
  it('blocks other sessions, not the holder, and wakes waiters after the release', async () => {
    const locks = new DbLocks();
    const t = txn('s1');
    locks.acquire(['forum'], t);
    expect(locks.blocker(['forum'], 's2')).toBe(t);
    expect(locks.blocker(['forum'], 's1')).toBeUndefined();
    expect(locks.blocker(['identity'], 's2')).toBeUndefined();
    expect(locks.blocker('*', undefined)).toBe(t);
    let woken = 0;
    locks.wait(() => woken++);
    const cancelled = locks.wait(() => woken++);
    cancelled();
    locks.release(t);
    // Woken after the releasing command, never inside it.
    expect(woken).toBe(0);
    await Promise.resolve();
    expect(woken).toBe(1);
    expect(locks.isLocked('forum')).toBe(false);
  });

  it('detects a cycle of transactions waiting for each other', () => {
    const locks = new DbLocks();
    const a = txn('a');
    const b = txn('b');
    const c = txn('c');
    b.waitingFor = c;
    expect(locks.wouldDeadlock(a, b)).toBe(false);
    c.waitingFor = a;
    expect(locks.wouldDeadlock(a, b)).toBe(true);
    c.state = 'aborted';
    expect(locks.wouldDeadlock(a, b)).toBe(false);
  });
});
