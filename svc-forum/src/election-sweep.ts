import type { Logger } from '@forum/service-kit';
import type { ForumDeps } from './deps.js';
import { endTerms } from './use-cases/end-terms.js';
import { tallyDueElections } from './use-cases/tally-election.js';

export interface ElectionSweepOptions {
  deps: ForumDeps;
  logger: Logger;
  /** How often to look for due tallies and ended terms (default 1 s: results on time). */
  everyMs?: number;
}

export interface RunningElectionSweep {
  /** One pass now (tests); resolves when it is done. */
  pass(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Results take effect on time without a request (EXTENSIONS §E): at start-up (what came due
 * while the service was down) and then every `everyMs`, due elections are tallied and ended
 * terms stepped down. Each is decided by a conditional write inside its transaction, so any
 * number of instances may sweep at once.
 */
export function startElectionSweep({
  deps,
  logger,
  everyMs = 1000,
}: ElectionSweepOptions): RunningElectionSweep {
  const log = logger.child({ component: 'election-sweep' });
  let running: Promise<void> | undefined;
  const pass = () => {
    running ??= (async () => {
      const tallied = await tallyDueElections(deps);
      if (tallied > 0) log.info({ tallied }, 'elections tallied');
      const ended = await endTerms(deps);
      if (ended > 0) log.info({ ended }, 'moderator terms ended');
    })()
      .catch((err: unknown) => log.warn({ err }, 'election sweep failed; will retry'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void pass();
  const timer = setInterval(() => void pass(), everyMs);
  timer.unref();
  return {
    pass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
