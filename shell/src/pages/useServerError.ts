import { useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * The server's answer to the last submit, cleared as soon as the user edits any field: a
 * "Username is already taken" must not stay next to a username the user has since changed.
 */
export function useServerError<T extends FieldValues>(watch: UseFormWatch<T>) {
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    const subscription = watch(() => setServerError(null));
    return () => subscription.unsubscribe();
  }, [watch]);
  return [serverError, setServerError] as const;
}
