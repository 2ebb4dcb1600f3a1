import type { ReactNode } from 'react';
import { Skeleton } from '@forum/ui';

/** Placeholder rows while a table's first page loads. */
export function SkeletonRows({ count, colSpan }: { count: number; colSpan: number }) {
  return Array.from({ length: count }, (_, i) => (
    <tr key={i}>
      <td colSpan={colSpan}>
        <Skeleton />
      </td>
    </tr>
  ));
}

/** The one row of a table without entries. */
export function EmptyRow({
  colSpan,
  testId,
  children,
}: {
  colSpan: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={colSpan} data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}
