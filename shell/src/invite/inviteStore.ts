import { useSyncExternalStore } from 'react';

/** Whether the invite modal is open; opened from the header, the user menu and notifications. */
let open = false;
let everOpened = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

let opener: HTMLElement | null = null;

/**
 * Opens the modal. Focus goes back to `returnFocusTo` when it closes (default: the element that
 * has focus now, e.g. the Invite button; menus pass their trigger, since their items are gone).
 */
export function openInvite(returnFocusTo?: HTMLElement | null): void {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  opener = returnFocusTo ?? (active instanceof HTMLElement ? active : null);
  open = true;
  everOpened = true;
  emit();
}

/** The element to focus when the modal closes (if it is still in the page). */
export function takeInviteOpener(): HTMLElement | null {
  const el = opener;
  opener = null;
  return el && el.isConnected ? el : null;
}

export function closeInvite(): void {
  open = false;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useInviteState(): { open: boolean; everOpened: boolean } {
  const isOpen = useSyncExternalStore(subscribe, () => open);
  const loaded = useSyncExternalStore(subscribe, () => everOpened);
  return { open: isOpen, everOpened: loaded };
}
