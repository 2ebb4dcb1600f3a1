import { useId } from 'react';
import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cx } from '@forum/ui';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  testId?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea like @forum/ui's TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  testId,
  className,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        className={cx('ui-input', 'forum-textarea', error && 'ui-input--invalid')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        data-testid={testId}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          className="ui-field__error"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
