import type { z } from 'zod';
import { Subjects } from './subjects.js';
import {
  BadgeEarnedEvent,
  BlockChangedEvent,
  ReferralCompletedEvent,
  UserDeletedEvent,
  UserRegisteredEvent,
  UserUpdatedEvent,
} from './identity.js';
import {
  CommentCreatedEvent,
  CommentSubscribersEvent,
  CommentVotedEvent,
  MentionRecordedEvent,
  PostVotedEvent,
} from './forum.js';
import { MessageSentEvent } from './messaging.js';
import {
  MessageReportedEvent,
  ModActionRecordedEvent,
  ReportResolvedEvent,
  SiteModerationRecordedEvent,
} from './moderation.js';
import { ElectionDecidedEvent } from './elections.js';

/** Subject -> payload schema: publishers validate before sending, consumers on receipt. */
export const eventSchemas = {
  [Subjects.UserRegistered]: UserRegisteredEvent,
  [Subjects.UserUpdated]: UserUpdatedEvent,
  [Subjects.ReferralCompleted]: ReferralCompletedEvent,
  [Subjects.BadgeEarned]: BadgeEarnedEvent,
  [Subjects.BlockChanged]: BlockChangedEvent,
  [Subjects.UserDeleted]: UserDeletedEvent,
  [Subjects.CommentCreated]: CommentCreatedEvent,
  [Subjects.CommentSubscribers]: CommentSubscribersEvent,
  [Subjects.PostVoted]: PostVotedEvent,
  [Subjects.CommentVoted]: CommentVotedEvent,
  [Subjects.ModActionRecorded]: ModActionRecordedEvent,
  [Subjects.ReportResolved]: ReportResolvedEvent,
  [Subjects.SiteModerationRecorded]: SiteModerationRecordedEvent,
  [Subjects.ElectionDecided]: ElectionDecidedEvent,
  [Subjects.MentionRecorded]: MentionRecordedEvent,
  [Subjects.MessageReported]: MessageReportedEvent,
  [Subjects.MessageSent]: MessageSentEvent,
} as const;

export type EventSubject = keyof typeof eventSchemas;
export type EventOf<S extends EventSubject> = z.infer<(typeof eventSchemas)[S]>;
/** The data part of an event, without the envelope. */
export type EventData<S extends EventSubject> = Omit<EventOf<S>, 'id' | 'occurred_at' | 'version'>;

export const isEventSubject = (subject: string): subject is EventSubject =>
  Object.hasOwn(eventSchemas, subject);

/** The schema for a subject, or undefined for a subject not in the catalogue. */
export const schemaForSubject = (subject: string) =>
  isEventSubject(subject) ? eventSchemas[subject] : undefined;

/**
 * Wrap data in a fresh envelope (new id, now, version 1) and validate it.
 * Web Crypto rather than node:crypto because the browser SDK imports this package too.
 */
export function createEvent<S extends EventSubject>(
  subject: S,
  data: EventData<S>,
  now: Date = new Date(),
): EventOf<S> {
  const event = {
    ...data,
    id: globalThis.crypto.randomUUID(),
    occurred_at: now.toISOString(),
    version: 1 as const,
  };
  return eventSchemas[subject].parse(event) as EventOf<S>;
}
