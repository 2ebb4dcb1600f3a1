import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
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

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  hintId: string | undefined;
  error: string | undefined;
  errorId: string | undefined;
  testId: string | undefined;
  className: string | undefined;
  children: ReactNode;
}

/** Ids for a field's control and its hint / error text, plus the matching aria-describedby. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** Label, control (children), hint and error text: the shared frame of TextField and TextAreaField. */
function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  testId,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
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

/** A labelled input with hint and error text, wired for screen readers. */
export function TextField({ label, error, hint, testId, className, ref, ...rest }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, hint, hintId, error, errorId, testId, className }}>
      <input
        id={id}
        ref={ref}
        className={cx('ui-input', error && 'ui-input--invalid')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: ReactNode;
  /** Validation message shown under the field (and linked with aria-describedby). */
  error?: string | undefined;
  /** Helper text shown under the field. */
  hint?: ReactNode;
  /** Prefix for the data-testids of the textarea (`<testId>`) and its error (`<testId>-error`). */
  testId?: string;
  /** Extra class names for the textarea itself (`className` goes on the wrapper). */
  controlClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The textarea variant of TextField: same label, hint and error wiring. */
export function TextAreaField({
  label,
  error,
  hint,
  testId,
  className,
  controlClassName,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, hint, hintId, error, errorId, testId, className }}>
      <textarea
        id={id}
        ref={ref}
        className={cx('ui-input', controlClassName, error && 'ui-input--invalid')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...rest}
      />
    </FieldFrame>
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
