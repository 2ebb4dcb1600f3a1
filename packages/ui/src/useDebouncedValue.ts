import { useEffect, useState } from 'react';

/**
 * `value` once it stopped changing for `delayMs` (search boxes: the admin's user search, the
 * header's suggestions). Imported as `@forum/ui/useDebouncedValue`, not from the index.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
