import { cx } from './cx';

/** Spec §9: "Badge shows 99+ above 99". */
export function formatCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export interface CountBadgeProps {
  count: number;
  className?: string;
  'data-testid'?: string;
}

/** A small unread counter; renders nothing for 0. Decorative: give the control its own label. */
export function CountBadge({ count, className, ...rest }: CountBadgeProps) {
  if (!count || count < 0) return null;
  return (
    <span
      className={cx('ui-count-badge', className)}
      aria-hidden="true"
      data-testid={rest['data-testid']}
    >
      {formatCount(count)}
    </span>
  );
}
