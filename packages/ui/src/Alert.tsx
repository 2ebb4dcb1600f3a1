import type { ReactNode } from 'react';
import { cx } from './cx';

export interface AlertProps {
  variant?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A message block: errors are announced assertively (role=alert), others politely (status). */
export function Alert({ variant = 'info', children, className, ...rest }: AlertProps) {
  return (
    <div
      className={cx('ui-alert', `ui-alert--${variant}`, className)}
      role={variant === 'error' ? 'alert' : 'status'}
      data-testid={rest['data-testid']}
    >
      {children}
    </div>
  );
}
