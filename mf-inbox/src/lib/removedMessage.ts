/**
 * What the server sends as a message's content once the admin removed it (the contracts'
 * REMOVED_TEXT; kept here as a literal so no contracts code, and with it zod, enters the
 * remote's chunks; the unit test holds the two equal).
 */
export const REMOVED_MESSAGE_CONTENT = '[removed]';

export function isRemovedContent(content: string): boolean {
  return content === REMOVED_MESSAGE_CONTENT;
}
