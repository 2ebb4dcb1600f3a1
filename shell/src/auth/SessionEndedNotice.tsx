import { useLocation } from 'react-router-dom';
import { Alert } from '@forum/ui';

/** The location-state key under which a page leaves a notice for the page it signs out to. */
export const SESSION_NOTICE_KEY = 'sessionNotice';

// Above the header, as wide as the page's content (shell.css belongs to the layout).
const NOTICE_STYLE = {
  width: '100%',
  maxWidth: 'var(--content-width)',
  margin: 'var(--space-3) auto 0',
  padding: '0 var(--space-4)',
  boxSizing: 'border-box',
} as const;

/**
 * A notice shown on whatever page the user lands on after their session ended on purpose (the
 * account was deleted): the page they left is gone, and / belongs to a remote. It lives in the
 * history entry's state, so the next navigation drops it.
 */
export function SessionEndedNotice() {
  const state = useLocation().state as Record<string, unknown> | null;
  const notice = state?.[SESSION_NOTICE_KEY];
  if (typeof notice !== 'string' || !notice) return null;
  return (
    <div style={NOTICE_STYLE}>
      <Alert variant="success" data-testid="session-notice">
        {notice}
      </Alert>
    </div>
  );
}
