import type { Logger } from '@forum/service-kit';
import type { ForumDeps } from './deps.js';
import { resumeDeletions } from './use-cases/resume-deletions.js';

export interface DeletionSweepOptions {
  deps: Pick<ForumDeps, 'models' | 'media'>;
  logger: Logger;
  /** How often to look for stalled deletes (default 60 s). */
  everyMs?: number;
  /** A delete with no batch for this long is taken over (default 2 min). */
  stalledForMs?: number;
}

export interface RunningSweep {
  stop(): Promise<void>;
}

/**
 * Unfinished deletes never stay for good: at start-up every one left by a crashed process is
 * resumed, then a periodic pass takes over those that stopped moving (another instance died).
 * Runs in the background; the service is ready meanwhile (reads hide what is being deleted).
 */
export function startDeletionSweep({
  deps,
  logger,
  everyMs = 60_000,
  stalledForMs = 120_000,
}: DeletionSweepOptions): RunningSweep {
  const log = logger.child({ component: 'deletion-sweep' });
  let running: Promise<void> | undefined;
  const pass = (stalled: number) => {
    running ??= resumeDeletions(deps, { stalledForMs: stalled })
      .then((finished) => {
        if (finished > 0) log.info({ finished }, 'unfinished deletes completed');
      })
      .catch((err: unknown) => log.warn({ err }, 'deletion sweep failed; will retry'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void pass(0);
  const timer = setInterval(() => void pass(stalledForMs), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
