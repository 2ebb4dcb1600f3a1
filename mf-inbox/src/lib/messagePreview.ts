import { toPlainText } from '@forum/rich-text/plain';

/** How much of the last message the server keeps for the list (svc-messaging's preview cut). */
export const LAST_MESSAGE_PREVIEW = 300;

/**
 * One line of plain text for the conversation list and the new-message announcer: markup
 * stripped, spoilers as '[spoiler]'. A spoiler left open (the server cuts the stored preview at
 * 300 characters, which can fall inside one) is closed first, so its start never shows.
 */
export function messagePreview(content: string, maxChars = LAST_MESSAGE_PREVIEW): string {
  const open = content.lastIndexOf('>!') > content.lastIndexOf('!<');
  return toPlainText(open ? `${content}!<` : content, maxChars);
}
