import type { CSSProperties } from 'react';

export interface SpinnerProps {
  size?: number;
  label?: string;
  /** Centre the spinner in a padded block. */
  block?: boolean;
  'data-testid'?: string;
}

export function Spinner({ size = 24, label = 'Loading', block = false, ...rest }: SpinnerProps) {
  const spinner = (
    <span
      className="ui-spinner"
      role="status"
      aria-label={label}
      style={{ '--ui-spinner-size': `${size}px` } as CSSProperties}
      data-testid={block ? undefined : rest['data-testid']}
    />
  );
  if (!block) return spinner;
  return (
    <div className="ui-spinner-wrap" data-testid={rest['data-testid']}>
      {spinner}
    </div>
  );
}
