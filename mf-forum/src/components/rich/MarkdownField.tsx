import { MarkdownEditor, type MarkdownEditorProps } from '@forum/rich-text/editor';
import { mentionLink } from './mentionLink';

export type MarkdownFieldProps = Omit<
  MarkdownEditorProps,
  'controlClassName' | 'renderMentionLink'
>;

/**
 * The forum's Markdown body field (EXTENSIONS §F2): the shared editor (toolbar, Write/Preview)
 * with the forum's textarea styling and its mention links in the preview. Label, test id, error
 * and the textarea's props work as with TextAreaField.
 */
export function MarkdownField(props: MarkdownFieldProps) {
  return (
    <MarkdownEditor {...props} controlClassName="forum-textarea" renderMentionLink={mentionLink} />
  );
}
