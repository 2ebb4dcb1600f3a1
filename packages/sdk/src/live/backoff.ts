/** Reconnection delays: 1 s doubling up to 30 s, each with jitter so tabs do not reconnect as one. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnection attempt `attempt` (0-based): half to all of 1 s * 2^attempt. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
  const jittered = Math.round(ceiling * (0.5 + random() * 0.5));
  return Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_MIN_MS, jittered));
}
