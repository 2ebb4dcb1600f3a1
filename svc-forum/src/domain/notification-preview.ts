/** Notification previews (messaging cuts further if it wants). */
const PREVIEW_MAX = 200;

/** An item's text cut for a notification, as forum.comment.created and forum.mention.recorded carry it. */
export const notificationPreview = (text: string): string =>
  text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
