import type { ForumDeps } from '../../deps.js';
import type { ForumModels } from '../../models/index.js';
import type { ModerationModels } from '../../models/moderation.js';

/** Where a moderation action's transaction stands when a test-only crash point is called. */
export type CrashStep = 'after-change' | 'after-log';

/** What moderation use cases get (folded into ForumDeps once wired). */
export interface ModerationDeps extends Omit<ForumDeps, 'models'> {
  models: ForumModels & ModerationModels;
  /** ADMIN_USERNAME: the site admin, who cannot be banned. */
  adminUsername: string;
  /**
   * Tests only: called inside each action's transaction after its change and after its log
   * entry; throwing there stands for the service dying between the writes.
   */
  crashPoint?: (step: CrashStep) => void | Promise<void>;
}
