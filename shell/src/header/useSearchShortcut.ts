import { useEffect, useRef } from 'react';
import { isTypingTarget } from './searchOptions';

/**
 * "/" anywhere but in a field calls `focus` (EXTENSIONS §S), and is not typed: the key's default
 * is prevented, so the search field does not start with a "/".
 */
export function useSearchShortcut(focus: () => void): void {
  const latest = useRef(focus);
  useEffect(() => {
    latest.current = focus;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (e.isComposing || isTypingTarget(e.target)) return;
      e.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
