import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Card, cx } from '@forum/ui';

/** A page in a card with its <h1>; also sets the document title. */
export function PageCard({
  title,
  testId,
  narrow = false,
  children,
}: {
  title: string;
  testId: string;
  narrow?: boolean;
  children?: ReactNode;
}) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Forum`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <Card className={cx('shell-page', narrow && 'shell-page--narrow')} data-testid={testId}>
      <h1 className="shell-page__title">{title}</h1>
      {children}
    </Card>
  );
}
