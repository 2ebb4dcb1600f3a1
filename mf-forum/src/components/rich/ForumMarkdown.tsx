import { Link } from 'react-router-dom';
import { Markdown, type MentionLinkProps } from '@forum/rich-text';
import '@forum/rich-text/rich-text.css';

/** `u/name` and `c/name` as the router's links: in-app navigation, no page load. */
function mentionLink({ kind, to, children }: MentionLinkProps) {
  return (
    <Link to={to} className={`rt-mention rt-mention--${kind}`}>
      {children}
    </Link>
  );
}

/**
 * The renderer with the forum's mention links. Its own chunk (~42 KB gzip with the parser),
 * loaded by RichText only where content is shown in full.
 */
export default function ForumMarkdown({ text }: { text: string }) {
  return <Markdown renderMentionLink={mentionLink}>{text}</Markdown>;
}
