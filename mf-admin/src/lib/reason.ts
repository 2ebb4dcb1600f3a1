import { TEXTS } from '../texts';

/** EXTENSIONS §M2: a moderation reason is trimmed and 1-500 characters long. */
export const REASON_MAX_LENGTH = 500;

export type ReasonCheck = { ok: true; reason: string } | { ok: false; error: string };

/** The reason to send, or the text the server would answer with (so the dialog says it first). */
export function checkReason(value: string): ReasonCheck {
  const reason = value.trim();
  if (!reason) return { ok: false, error: TEXTS.reasonRequired };
  if (reason.length > REASON_MAX_LENGTH) return { ok: false, error: TEXTS.reasonTooLong };
  return { ok: true, reason };
}
