/** Why it was removed and the log entry to appeal (never null on the wire: absent instead). */
export const removal = (doc: {
  removal_reason?: string | null;
  removal_modlog_id?: { toHexString(): string } | null;
}) => ({
  ...(doc.removal_reason ? { removal_reason: doc.removal_reason } : {}),
  ...(doc.removal_modlog_id ? { removal_modlog_id: doc.removal_modlog_id.toHexString() } : {}),
});
