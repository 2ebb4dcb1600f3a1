import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MentionLinkProps } from '@forum/rich-text';
import '@forum/rich-text/rich-text.css';

// The renderer (~42 KB gzip) is a chunk of its own: the first message asks for it, every later
// one finds it loaded.
const Markdown = lazy(() => import('@forum/rich-text').then((m) => ({ default: m.Markdown })));

/** u/ and c/ links go through the shell's router (module level: a stable function). */
export function renderMentionLink({ kind, to, children }: MentionLinkProps): ReactNode {
  return (
    <Link to={to} className={`rt-mention rt-mention--${kind}`}>
      {children}
    </Link>
  );
}

/**
 * A message's text as Markdown (EXTENSIONS §F1). Until the renderer arrives the text shows as it
 * is (pre-wrap, as before Markdown), so nothing jumps but the markup itself.
 */
export function MessageText({ children }: { children: string }) {
  return (
    <Suspense fallback={children}>
      <Markdown renderMentionLink={renderMentionLink}>{children}</Markdown>
    </Suspense>
  );
}
