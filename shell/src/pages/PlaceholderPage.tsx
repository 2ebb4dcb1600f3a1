import type { ReactNode } from 'react';
import { Card } from '@forum/ui';

export function PlaceholderPage({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card className="shell-page" data-testid={testId}>
      <h1 className="shell-page__title">{title}</h1>
      {children}
    </Card>
  );
}
