import { z } from '../zod.js';
import { Id, Timestamp } from '../http/common.js';
import { defineEvent } from './envelope.js';

/** Recipients per event: events are bounded (ARCHITECTURE "events are bounded"). */
export const ELECTION_RECIPIENTS_PER_EVENT = 1000;

/**
 * An election was tallied (EXTENSIONS §E): messaging tells candidates and voters the result
 * (`election` notifications). Written in the tally's transaction, one event per slice of at
 * most 1,000 recipients. Candidates and voters travel in separate slices (`audience`), so no
 * stored event puts a voter next to a candidate; nothing here says who approved whom.
 */
export const ElectionDecidedEvent = defineEvent({
  election_id: Id,
  community_id: Id,
  community_name: z.string(),
  seats: z.number().int().positive(),
  /** The elected, most approvals first (at most `seats`); usernames, for the title. */
  winner_usernames: z.array(z.string()),
  audience: z.enum(['candidates', 'voters']),
  /** This slice's recipients (1-1,000). */
  recipient_ids: z.array(Id).min(1).max(ELECTION_RECIPIENTS_PER_EVENT),
  /** 0-based slice number and the number of slices of this audience. */
  slice: z.number().int().nonnegative(),
  slices: z.number().int().positive(),
  closed_at: Timestamp,
});
