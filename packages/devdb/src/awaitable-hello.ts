import type { ReplicaSetMember } from './replset/member.js';
import type { Request } from './wire/messages.js';

const HELLOS = new Set(['hello', 'isMaster', 'ismaster']);

/** A hello carrying the topologyVersion the client knows and how long it may wait. */
export function isAwaitableHello(req: Request): boolean {
  const name = Object.keys(req.command)[0] ?? '';
  return (
    HELLOS.has(name) &&
    req.command.topologyVersion !== undefined &&
    req.command.maxAwaitTimeMS !== undefined
  );
}

/**
 * Streaming server monitoring (what drivers do once `hello` reports a topologyVersion): the
 * reply waits until the topology changes or maxAwaitTimeMS passes. With exhaustAllowed every
 * reply says moreToCome and the server keeps answering on its own, once per change or
 * period, until the connection closes. `answer(more)` sends one reply; the returned
 * function stops the stream.
 */
export function streamHello(
  member: ReplicaSetMember,
  req: Request,
  answer: (more: boolean) => void,
): () => void {
  const maxAwaitMs = Math.max(0, Number(req.command.maxAwaitTimeMS) || 0);
  let known: unknown = req.command.topologyVersion;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = undefined;
  };
  const fire = (): void => {
    stop();
    known = member.topologyVersion();
    answer(req.exhaustAllowed);
    if (req.exhaustAllowed) arm();
  };
  const arm = (): void => {
    // Answered from a timer even when due now, never from inside the caller.
    timer = setTimeout(fire, member.isCurrent(known) ? maxAwaitMs : 0);
    timer.unref();
    unsubscribe = member.onChange(fire);
  };
  arm();
  return stop;
}
