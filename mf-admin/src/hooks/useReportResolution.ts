import { useRef, useState, type RefObject } from 'react';
import type { ReportedItem } from '@forum/contracts';
import { TEXTS } from '../texts';
import { typeName } from '../lib/reportTexts';
import { useResolveReport } from './useResolveReport';

/**
 * Working the queue: Dismiss acts at once, Remove asks for a reason first (`removing` is the row
 * asked about). A resolved row leaves the open queue, so focus then goes to the table (`landing`)
 * rather than to the page body, and the outcome is announced.
 */
export function useReportResolution(landing: RefObject<HTMLElement | null>) {
  const resolve = useResolveReport();
  const [removing, setRemoving] = useState<ReportedItem | null>(null);
  const [dismissingId, setDismissingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const trigger = useRef<HTMLElement | null>(null);

  const failed = (action: 'dismiss' | 'remove') =>
    resolve.isError && resolve.variables?.action === action ? resolve.error : null;

  return {
    removing,
    dismissingId,
    announcement,
    trigger,
    /** The failed Dismiss (shown above the table); a failed Remove shows in its dialog. */
    dismissError: failed('dismiss'),
    removeError: removing ? failed('remove') : null,
    removePending: removing !== null && resolve.isPending,
    dismiss(item: ReportedItem, button: HTMLElement) {
      trigger.current = button;
      setDismissingId(item.id);
      // Emptied first, so the same outcome twice in a row is announced twice.
      setAnnouncement('');
      resolve.mutate(
        { id: item.id, action: 'dismiss' },
        {
          onSuccess: () => {
            setAnnouncement(TEXTS.dismissed);
            // Unless the admin went on elsewhere meanwhile.
            const active = document.activeElement;
            if (active === button || active === document.body || !button.isConnected) {
              landing.current?.focus();
            }
          },
          onSettled: () => setDismissingId(null),
        },
      );
    },
    askRemove(item: ReportedItem, button: HTMLElement) {
      trigger.current = button;
      resolve.reset();
      setRemoving(item);
    },
    cancelRemove() {
      setRemoving(null);
    },
    confirmRemove(reason: string) {
      if (!removing) return;
      const item = removing;
      setAnnouncement('');
      resolve.mutate(
        { id: item.id, action: 'remove', reason },
        {
          onSuccess: () => {
            setAnnouncement(TEXTS.removed(typeName(item.target_type)));
            // The dialog returns focus here on close: the row button is gone.
            trigger.current = landing.current;
            setRemoving(null);
          },
        },
      );
    },
  };
}
