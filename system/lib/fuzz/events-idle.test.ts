import { describe, expect, it } from 'vitest';
import { consumersIdle } from './events-idle.js';

const jsz = (...consumers: { num_pending?: number; num_ack_pending?: number }[]) => ({
  account_details: [
    { stream_detail: [{ consumer_detail: consumers.slice(0, 1) }] },
    { stream_detail: [{ consumer_detail: consumers.slice(1) }, {}] },
  ],
});

describe('consumersIdle', () => {
  it('is true when every consumer of every stream has nothing pending or unacknowledged', () => {
    expect(consumersIdle(jsz({ num_pending: 0, num_ack_pending: 0 }))).toBe(true);
    expect(
      consumersIdle(
        jsz({ num_pending: 0, num_ack_pending: 0 }, { num_pending: 0, num_ack_pending: 0 }),
      ),
    ).toBe(true);
  });

  it('is false while any consumer has a message to deliver or an ack outstanding', () => {
    expect(
      consumersIdle(
        jsz({ num_pending: 0, num_ack_pending: 0 }, { num_pending: 2, num_ack_pending: 0 }),
      ),
    ).toBe(false);
    expect(
      consumersIdle(
        jsz({ num_pending: 0, num_ack_pending: 1 }, { num_pending: 0, num_ack_pending: 0 }),
      ),
    ).toBe(false);
  });

  it('is false when the report lists no consumer or leaves a count out', () => {
    expect(consumersIdle({})).toBe(false);
    expect(consumersIdle(jsz())).toBe(false);
    expect(consumersIdle(jsz({ num_pending: 0 }))).toBe(false);
  });
});
