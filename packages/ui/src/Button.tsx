import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
}

export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  className,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'ui-button',
        `ui-button--${variant}`,
        size === 'sm' && 'ui-button--sm',
        className,
      )}
      {...rest}
    />
  );
}

/** Class names to style a link (e.g. react-router's <Link>) as a button. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: 'md' | 'sm' = 'md') {
  return cx('ui-button', `ui-button--${variant}`, size === 'sm' && 'ui-button--sm');
}
