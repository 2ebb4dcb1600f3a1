import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Alert } from '@forum/ui';

/** One section of /settings: a region named by its heading. */
export function SettingsSection({
  title,
  lead,
  testId,
  children,
}: {
  title: string;
  lead?: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="shell-settings__section" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="shell-settings__heading">
        {title}
      </h2>
      {lead ? <p className="shell-settings__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

export type Status = { kind: 'success' | 'error'; text: string } | null;

/**
 * The outcome of a submit. It takes the focus when it appears, so a screen reader reads it and a
 * keyboard user continues from there (the form's fields may have been cleared under them).
 */
export function StatusMessage({ status, testId }: { status: Status; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status) ref.current?.focus();
  }, [status]);
  if (!status) return null;
  return (
    <div ref={ref} tabIndex={-1} className="shell-settings__status">
      <Alert variant={status.kind} data-testid={testId}>
        {status.text}
      </Alert>
    </div>
  );
}
