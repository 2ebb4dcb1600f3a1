import type { ClientSession } from 'mongoose';
import { Subjects } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { BlockDoc } from '../models/block.js';

/**
 * A block made or lifted: forum and messaging update their replica of the pair (they apply only
 * versions newer than theirs). Stored in the transaction (`session`) of the change.
 *
 * The pair's version is not sent yet: BlockChangedEvent names it `version`, which is also the
 * envelope's schema version, and createEvent sets that to 1 (EventData omits it). The contract
 * needs its own field for it (e.g. `block_version`); until then every event says version 1.
 */
export const publishBlockChanged = (
  { outbox }: Pick<IdentityDeps, 'outbox'>,
  session: ClientSession,
  block: Pick<BlockDoc, 'blocker_id' | 'blocked_id' | 'blocked' | 'version' | 'changed_at'>,
) =>
  outbox.add(
    Subjects.BlockChanged,
    {
      blocker_id: block.blocker_id.toHexString(),
      blocked_id: block.blocked_id.toHexString(),
      blocked: block.blocked,
      changed_at: block.changed_at.toISOString(),
    },
    { session },
  );
