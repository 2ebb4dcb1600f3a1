import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
  'data-testid'?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try Again',
  className,
  ...rest
}: ErrorStateProps) {
  return (
    <div
      className={cx('ui-state', 'ui-state--error', className)}
      role="alert"
      data-testid={rest['data-testid'] ?? 'error-state'}
    >
      <p className="ui-state__title">{title}</p>
      {message ? <p className="ui-state__text">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} data-testid="error-retry">
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function EmptyState({ title, message, action, className, ...rest }: EmptyStateProps) {
  return (
    <div className={cx('ui-state', className)} data-testid={rest['data-testid'] ?? 'empty-state'}>
      <p className="ui-state__title">{title}</p>
      {message ? <p className="ui-state__text">{message}</p> : null}
      {action}
    </div>
  );
}
