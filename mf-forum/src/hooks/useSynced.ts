import { useEffect, useRef, useState } from 'react';

/** State that follows `source` when it changes and can be set optimistically meanwhile. */
export function useSynced<T>(source: T, deps: unknown) {
  const [value, setValue] = useState(source);
  const ref = useRef(value);
  ref.current = value;
  const sourceRef = useRef(source);
  sourceRef.current = source;
  useEffect(() => {
    setValue(sourceRef.current);
  }, [deps]);
  const set = (v: T) => {
    ref.current = v;
    setValue(v);
  };
  return [value, set, ref] as const;
}
