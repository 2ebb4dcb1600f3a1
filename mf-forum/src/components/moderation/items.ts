import { MODERATION_TEXTS } from '../../moderationTexts';

/**
 * A removed item this reader sees redacted ('[removed]', EXTENSIONS §M4). Only the author, the
 * community's moderators and the admin read it in full, and only they get its log entry (and its
 * reason, which a removal from the report queue may lack).
 */
export const isRedacted = (item: {
  removed?: boolean;
  removal_reason?: string;
  removal_modlog_id?: string;
}): boolean =>
  item.removed === true &&
  item.removal_reason === undefined &&
  item.removal_modlog_id === undefined;

export const OTHER_PREFIX = `${MODERATION_TEXTS.reportOther}: `;

/** What a report sends: the chosen label, or 'Other: {text}' (EXTENSIONS §M5, §M8). */
export function reportReason(choice: string, other: string): string {
  return choice === MODERATION_TEXTS.reportOther ? `${OTHER_PREFIX}${other.trim()}` : choice;
}
