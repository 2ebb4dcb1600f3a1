/** The message report route's own 201 text (its refusals are MessageTexts in the contracts). */
export const MessageReportTexts = {
  /** The 201 body's `message`. */
  reported: 'Message reported',
} as const;

/** The start of the message the admin's queue shows (MessageReportedEvent.excerpt). */
export const REPORT_EXCERPT_LENGTH = 200;
