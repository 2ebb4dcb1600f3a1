import type { ReactNode } from 'react';

export interface MentionLinkProps {
  kind: 'u' | 'c';
  /** As written (names are checked against the contracts' rules before this is called). */
  name: string;
  /** Where the mention points: `/u/name` or `/c/name`. */
  to: string;
  /** The text as written, e.g. `u/name`. */
  children: ReactNode;
}

/** A plain anchor; apps with a router pass `renderMentionLink` to use their own `Link`. */
export function defaultMentionLink({ kind, to, children }: MentionLinkProps): ReactNode {
  return (
    <a href={to} className={`rt-mention rt-mention--${kind}`}>
      {children}
    </a>
  );
}
