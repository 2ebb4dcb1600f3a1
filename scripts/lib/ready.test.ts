import { describe, expect, it } from 'vitest';
import { ReadyTimeoutError, waitUntil } from './ready.js';

function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

describe('waitUntil', () => {
  it('resolves once the probe succeeds', async () => {
    const clock = fakeClock();
    let calls = 0;
    await waitUntil('x', async () => ++calls >= 3, { timeoutMs: 10_000, ...clock });
    expect(calls).toBe(3);
  });

  it('times out with the last probe error in the message', async () => {
    const clock = fakeClock();
    const error = await waitUntil(
      'svc',
      async () => {
        throw new Error('ECONNREFUSED');
      },
      { timeoutMs: 1000, intervalMs: 100, ...clock },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadyTimeoutError);
    expect((error as Error).message).toMatch(
      /svc did not become ready: timed out after 1 s \(ECONNREFUSED\)/,
    );
  });

  it('gives up at once when the process has exited', async () => {
    const clock = fakeClock();
    let probes = 0;
    const error = await waitUntil(
      'svc',
      async () => {
        probes++;
        return false;
      },
      {
        timeoutMs: 60_000,
        gaveUp: () => (probes >= 2 ? 'it exited (code 1)' : undefined),
        ...clock,
      },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe('svc did not become ready: it exited (code 1)');
    expect(probes).toBe(2);
  });
});
