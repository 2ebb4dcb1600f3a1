import { MENTIONS_PER_ITEM } from '@forum/contracts';
import { findMentions } from '@forum/rich-text/mentions';

/**
 * The users a text notifies (EXTENSIONS §F3): `u/name` as the renderer links it (not in code or
 * links), each once ignoring case, in order of appearance, the author's own name left out, the
 * first MENTIONS_PER_ITEM of them. Names only: messaging resolves them to accounts.
 */
export function mentionedUsernames(content: string, authorUsername: string): string[] {
  const author = authorUsername.toLowerCase();
  return findMentions(content)
    .users.filter((name) => name.toLowerCase() !== author)
    .slice(0, MENTIONS_PER_ITEM);
}
