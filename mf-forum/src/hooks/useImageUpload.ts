import { useRef, useState } from 'react';
import { errorMessage } from '@forum/sdk';
import { imageFileError, LOGO_AVATAR_MAX } from '../lib/state';

export interface ImageUploadActions {
  /** Sends the file; resolves with the new image URL. */
  upload(file: File): Promise<string | null>;
  remove(): Promise<void>;
  /** The image URL changed (a new one, or null once removed). */
  onChange(url: string | null): void;
  /** The spec's texts when a call fails ('Failed to upload logo', ...). */
  uploadFailed: string;
  removeFailed: string;
}

/**
 * A logo or avatar control: checks type and size before sending, one call at a time, and clears
 * the file input afterwards so the same file can be chosen again.
 */
export function useImageUpload(actions: ImageUploadActions) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const run = async (call: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      setError(errorMessage(err, failed));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File | null) => {
    setError(null);
    if (!file) return;
    const problem = imageFileError(file, LOGO_AVATAR_MAX);
    if (problem) {
      setError(problem);
      clearInput();
      return;
    }
    await run(async () => actions.onChange(await actions.upload(file)), actions.uploadFailed);
    clearInput();
  };
  const remove = async () => {
    setError(null);
    await run(async () => {
      await actions.remove();
      actions.onChange(null);
    }, actions.removeFailed);
  };
  return { inputRef, error, busy, upload, remove };
}
