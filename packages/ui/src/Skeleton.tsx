import type { CSSProperties } from 'react';
import { cx } from './cx';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
  style?: CSSProperties;
}

export function Skeleton({ width = '100%', height = '1em', className, style }: SkeletonProps) {
  return (
    <span
      className={cx('ui-skeleton', className)}
      aria-hidden="true"
      style={{ width, height, ...style }}
    />
  );
}
