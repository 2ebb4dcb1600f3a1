import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Validation message shown under the field (and linked with aria-describedby). */
  error?: string | undefined;
  /** Helper text shown under the field. */
  hint?: ReactNode;
  /** Prefix for the data-testids of the input (`<testId>`) and its error (`<testId>-error`). */
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with hint and error text, wired for screen readers. */
export function TextField({ label, error, hint, testId, className, ref, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={cx('ui-input', error && 'ui-input--invalid')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  label: ReactNode;
  error?: string | undefined;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({
  label,
  error,
  testId,
  className,
  ref,
  ...rest
}: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('ui-field', 'ui-field--checkbox', className)}>
      <div className="ui-checkbox">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          className="ui-checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          data-testid={testId}
          {...rest}
        />
        <label htmlFor={id} className="ui-checkbox__label">
          {label}
        </label>
      </div>
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
