import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

export const HIGHLIGHT_MS = 3000;

/**
 * Spec: #comment-{id} scrolls to that comment and highlights it for 3 s. Returns the highlighted
 * comment's id; waits until the comments are `loaded`.
 */
export function useCommentHighlight(loaded: boolean): string | null {
  const hash = useLocation().hash;
  const [highlight, setHighlight] = useState<string | null>(null);
  useEffect(() => {
    const match = /^#comment-([a-fA-F0-9]{24})$/.exec(hash);
    if (!match || !loaded) return;
    const id = match[1]!;
    const el = document.getElementById(`comment-${id}`);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    setHighlight(id);
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [hash, loaded]);
  return highlight;
}
