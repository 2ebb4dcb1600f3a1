import { Link } from 'react-router-dom';
import type { MentionLinkProps } from '@forum/rich-text';

/**
 * `u/name` and `c/name` in rendered content as the router's links (in-app navigation, no page
 * load). Module-level, so the memoised renderer keeps its identity across renders.
 */
export function mentionLink({ kind, to, children }: MentionLinkProps) {
  return (
    <Link to={to} className={`rt-mention rt-mention--${kind}`}>
      {children}
    </Link>
  );
}
