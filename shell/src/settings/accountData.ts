import { z } from 'zod';
import { AccountDataTexts, DeleteAccountRequest, type AccountExport } from '@forum/contracts';

/** Whether the typed confirmation unlocks Delete account: exactly 'delete my account'. */
export function confirmsDeletion(typed: string): boolean {
  return typed === AccountDataTexts.deleteConfirmation;
}

/**
 * The downloaded file's name, as the gateway's Content-Disposition names it:
 * account-export-<username>-<YYYY-MM-DD>.json with the export's own (UTC) date.
 */
export function exportFilename(username: string, exportedAt: string): string {
  const safe = username.replace(/[^A-Za-z0-9]/g, '');
  return `account-export-${safe}-${exportedAt.slice(0, 10)}.json`;
}

/** The export as the file's bytes: the JSON, indented for a reader. */
export function exportBlob(data: AccountExport): Blob {
  return new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
}

/** The request plus the typed confirmation (checked by the button, not sent). */
export const DeleteAccountForm = DeleteAccountRequest.extend({
  delete_content: z.boolean(),
  confirmation: z.string(),
});
export type DeleteAccountValues = z.infer<typeof DeleteAccountForm>;
