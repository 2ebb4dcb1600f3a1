import { describe, expect, it } from 'vitest';
import { mongo } from 'mongoose';
import { retryAfterFailover } from './transactions.js';

const cutOff = () => new mongo.MongoNetworkError('connection 3 to db:27017 closed');

describe('retryAfterFailover', () => {
  it('repeats a write a failover cut off until it goes through', async () => {
    let calls = 0;
    const result = await retryAfterFailover(async () => {
      calls++;
      if (calls < 3) throw cutOff();
      return 'written';
    });
    expect([result, calls]).toEqual(['written', 3]);
  });

  it('does not repeat a write the server refused for what it asked', async () => {
    let calls = 0;
    const duplicate = Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    await expect(
      retryAfterFailover(async () => {
        calls++;
        throw duplicate;
      }),
    ).rejects.toBe(duplicate);
    expect(calls).toBe(1);
  });

  it('gives up after the primary wait', async () => {
    const started = performance.now();
    await expect(
      retryAfterFailover(
        async () => {
          throw cutOff();
        },
        { waitMs: 200 },
      ),
    ).rejects.toThrow('closed');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
