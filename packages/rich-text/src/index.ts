export { Markdown, type MarkdownProps } from './Markdown.js';
export { defaultMentionLink, type MentionLinkProps } from './mention-link.js';
export { Spoiler } from './Spoiler.js';
export { safeHref, LINK_REL } from './safe-url.js';
