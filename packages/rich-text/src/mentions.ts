/**
 * `@forum/rich-text/mentions`: no React, so services can import it to notify mentioned users.
 */
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { matchMentions, textsOutsideLinks } from './mention-pattern.js';
import { remarkDepthLimit } from './plugins/remark-depth-limit.js';
import { remarkForumSyntax } from './syntax.js';
import { tameMarkdown } from './tame.js';

export interface FoundMentions {
  users: string[];
  communities: string[];
}

/**
 * The users and communities a text mentions, as the renderer links them (not in code, not inside
 * links), each once (compared without case, kept as first written), in order of appearance.
 * The caller applies its own limits (EXTENSIONS §F3: at most 10 notified).
 */
export function findMentions(markdown: string): FoundMentions {
  const tamed = tameMarkdown(markdown);
  const found: FoundMentions = { users: [], communities: [] };
  if (tamed.tooLong) return found;
  const processor = unified()
    .use(remarkParse)
    .use(remarkForumSyntax, { emphasis: tamed.emphasis })
    .use(remarkDepthLimit);
  const tree = processor.runSync(processor.parse(tamed.source)) as Root;
  const seen = new Set<string>();
  for (const [text] of textsOutsideLinks(tree)) {
    for (const { kind, name } of matchMentions(text.value)) {
      const key = `${kind}/${name.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      (kind === 'u' ? found.users : found.communities).push(name);
    }
  }
  return found;
}
