import { useId } from 'react';
import type { Ref } from 'react';

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** A labelled file input for images. */
export function ImageInput({
  label,
  onFile,
  testId,
  error,
  inputRef,
}: {
  label: string;
  onFile: (file: File | null) => void;
  testId: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="forum-file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        data-testid={testId}
      />
      {error ? (
        <p id={`${id}-error`} className="ui-field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
