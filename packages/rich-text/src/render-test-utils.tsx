import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown, type MarkdownProps } from './Markdown.js';

export function render(markdown: string, props: Omit<MarkdownProps, 'children'> = {}): string {
  return renderToStaticMarkup(<Markdown {...props}>{markdown}</Markdown>);
}

export interface Tag {
  name: string;
  attributes: Record<string, string>;
}

/**
 * Every start tag in React's static markup. React escapes `<` in text as `&lt;`, so each `<` in
 * the output opens a real tag, and attribute values are always double-quoted.
 */
export function startTags(html: string): Tag[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map(
    (m) => ({
      name: (m[1] ?? '').toLowerCase(),
      attributes: Object.fromEntries(
        [...(m[2] ?? '').matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [
          (a[1] ?? '').toLowerCase(),
          a[2] ?? '',
        ]),
      ),
    }),
  );
}
