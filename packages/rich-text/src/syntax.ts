import type { Extension as MicromarkExtension } from 'micromark-util-types';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Processor } from 'unified';
// remark-parse augments unified's `Data` with micromarkExtensions: load its types wherever this
// file is compiled (an app's own type check too).
import type {} from 'remark-parse';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';

export interface ForumSyntaxOptions {
  /** False turns emphasis off for sources with absurd numbers of `*`/`_` (see limits.ts). */
  emphasis?: boolean;
}

/**
 * CommonMark plus GFM strikethrough and autolink literals: only the two GFM parts that EXTENSIONS
 * §F asks for, not remark-gfm's tables, footnotes and task lists (less code, less surface).
 */
export function remarkForumSyntax(this: Processor, options: ForumSyntaxOptions = {}) {
  const data = this.data();
  const micromark: MicromarkExtension[] = [gfmStrikethrough(), gfmAutolinkLiteral()];
  if (options.emphasis === false) micromark.push({ disable: { null: ['attention'] } });
  const fromMarkdown: FromMarkdownExtension[] = [
    gfmStrikethroughFromMarkdown(),
    gfmAutolinkLiteralFromMarkdown(),
  ];
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), ...micromark];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), ...fromMarkdown];
}
