import { Markdown } from '@forum/rich-text';
import '@forum/rich-text/rich-text.css';
import { mentionLink } from './mentionLink';

/**
 * The renderer with the forum's mention links. Its own chunk (~42 KB gzip with the parser),
 * loaded by RichText only where content is shown in full.
 */
export default function ForumMarkdown({ text }: { text: string }) {
  return <Markdown renderMentionLink={mentionLink}>{text}</Markdown>;
}
