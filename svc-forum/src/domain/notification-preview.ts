import { toPlainText } from '@forum/rich-text/plain';

/** Notification previews (messaging cuts further if it wants). */
const PREVIEW_MAX = 200;

/**
 * An item's text for a notification, as forum.comment.created and forum.mention.recorded carry
 * it: plain text (EXTENSIONS §F1: the Markdown stripped, spoilers hidden) cut with "…".
 */
export const notificationPreview = (text: string): string => toPlainText(text, PREVIEW_MAX - 1);
