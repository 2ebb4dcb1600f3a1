import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageCard } from './PageCard';

export const EFFECTIVE_DATE = 'May 20, 2025';

/** Shared frame of /terms and /privacy: title, effective date, sections, cross-link. */
export function LegalPage({
  title,
  testId,
  other,
  children,
}: {
  title: string;
  testId: string;
  other: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <PageCard title={title} testId={testId}>
      <p className="shell-legal__effective" data-testid="legal-effective">
        Effective date: {EFFECTIVE_DATE}
      </p>
      <div className="shell-legal">{children}</div>
      <p className="shell-legal__footer">
        See also our <Link to={other.to}>{other.label}</Link>.
      </p>
    </PageCard>
  );
}
