/**
 * The message report route's own answers (EXTENSIONS §M5). The contract names the 404 ('Message
 * not found', also for anyone but the recipient); MessageTexts in @forum/contracts has no entry.
 */
export const MessageReportTexts = {
  notFound: 'Message not found',
  /** A removed message shows '[removed]' to both participants: there is nothing left to report. */
  alreadyRemoved: 'This message was already removed',
  /** The 201 body's `message`. */
  reported: 'Message reported',
} as const;

/** The start of the message the admin's queue shows (MessageReportedEvent.excerpt). */
export const REPORT_EXCERPT_LENGTH = 200;
