import type { ClientSession } from 'mongoose';
import { Subjects } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';
import type { BlockDoc } from '../models/block.js';

/**
 * A block made or lifted: forum and messaging update their replica of the pair (they apply only
 * a `block_version` newer than theirs). Stored in the transaction (`session`) of the change.
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
      block_version: block.version,
      changed_at: block.changed_at.toISOString(),
    },
    { session },
  );
