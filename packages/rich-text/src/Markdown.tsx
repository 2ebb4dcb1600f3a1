import { createContext, memo, useContext, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { defaultMentionLink, type MentionLinkProps } from './mention-link.js';
import { rehypeSafeLinks } from './plugins/rehype-safe-links.js';
import { remarkDepthLimit } from './plugins/remark-depth-limit.js';
import { remarkMentions } from './plugins/remark-mentions.js';
import { remarkSpoilers } from './plugins/remark-spoilers.js';
import { safeHref } from './safe-url.js';
import { Spoiler } from './Spoiler.js';
import { remarkForumSyntax } from './syntax.js';
import { tameMarkdown } from './tame.js';

export interface MarkdownProps {
  /** The stored text (Markdown). */
  children: string;
  /** Renders `u/name` / `c/name`; default: a plain `<a href="/u/name">`. */
  renderMentionLink?: (props: MentionLinkProps) => ReactNode;
  /** Extra class on the wrapping div (which always has `rt-markdown`). */
  className?: string;
}

/** Everything the pipeline can produce; anything else is unwrapped to its children. */
const ALLOWED_ELEMENTS = [
  ...['p', 'br', 'strong', 'em', 'del', 'a', 'code', 'pre', 'blockquote', 'hr'],
  ...['ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span'],
];

/** `#` in content must not compete with the page's own h1/h2: headings start at h3. */
function heading(level: 3 | 4 | 5 | 6) {
  const Tag = `h${level}` as const;
  return function Heading({ node: _node, ...props }: ComponentProps<'h1'> & ExtraProps) {
    return <Tag {...props} className="rt-heading" />;
  };
}

const MentionLinkContext = createContext(defaultMentionLink);

/** Spans the plugins made: spoilers and mentions (raw HTML never becomes an element). */
function PluginSpan({ node: _node, ...props }: ComponentProps<'span'> & ExtraProps) {
  const renderMentionLink = useContext(MentionLinkContext);
  const p = props as Record<string, unknown>;
  if (p['data-spoiler'] !== undefined) return <Spoiler>{props.children}</Spoiler>;
  const kind = p['data-mention'];
  const name = p['data-name'];
  if ((kind === 'u' || kind === 'c') && typeof name === 'string') {
    return renderMentionLink({ kind, name, to: `/${kind}/${name}`, children: props.children });
  }
  return <span>{props.children}</span>;
}

/** Module-level so component identities stay stable across renders (spoilers keep their state). */
const COMPONENTS: Components = {
  h1: heading(3),
  h2: heading(4),
  h3: heading(5),
  h4: heading(6),
  h5: heading(6),
  h6: heading(6),
  span: PluginSpan,
};

const REMARK_TAIL = [remarkDepthLimit, remarkSpoilers, remarkMentions, remarkBreaks];

/**
 * Markdown as React elements (EXTENSIONS §F): CommonMark, strikethrough, autolinks, spoilers and
 * mentions. Raw HTML shows as the text it is; links are http/https/mailto only; no images load.
 * Single newlines are line breaks, as the pre-wrap plain text before it showed them.
 */
function MarkdownContent({
  children,
  renderMentionLink = defaultMentionLink,
  className,
}: MarkdownProps) {
  const rootClass = className ? `rt-markdown ${className}` : 'rt-markdown';
  const tamed = tameMarkdown(children);
  if (tamed.tooLong) {
    return (
      <div className={rootClass}>
        <p className="rt-plain">{children}</p>
      </div>
    );
  }
  return (
    <div className={rootClass}>
      <MentionLinkContext.Provider value={renderMentionLink}>
        <ReactMarkdown
          remarkPlugins={[[remarkForumSyntax, { emphasis: tamed.emphasis }], ...REMARK_TAIL]}
          rehypePlugins={[rehypeSafeLinks]}
          allowedElements={ALLOWED_ELEMENTS}
          unwrapDisallowed
          urlTransform={(url) => safeHref(url) ?? ''}
          components={COMPONENTS}
        >
          {tamed.source}
        </ReactMarkdown>
      </MentionLinkContext.Provider>
    </div>
  );
}

/** Memoised: parsing is the expensive part, and a re-render must not re-parse or close spoilers. */
export const Markdown = memo(MarkdownContent);
