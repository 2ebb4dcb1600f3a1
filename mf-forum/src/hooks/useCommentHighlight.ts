import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { linkedCommentId } from './useLinkedComment';

export const HIGHLIGHT_MS = 3000;

/**
 * Spec: #comment-{id} scrolls to that comment and highlights it for 3 s. Returns the highlighted
 * comment's id; waits until the comments are `loaded` (useLinkedComment: with the linked
 * comment when the page did not carry it).
 */
export function useCommentHighlight(loaded: boolean): string | null {
  const hash = useLocation().hash;
  const [highlight, setHighlight] = useState<string | null>(null);
  useEffect(() => {
    const id = linkedCommentId(hash);
    if (!id || !loaded) return;
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
