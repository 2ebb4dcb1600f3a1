import type { TextLanguage } from '@forum/search-text';
import { CommandError } from '../errors.js';

export type { TextLanguage };

/** A language name or code as MongoDB accepts it for the languages devdb implements. */
export function textLanguage(name: unknown): TextLanguage | undefined {
  if (typeof name !== 'string') return undefined;
  const lower = name.toLowerCase();
  if (lower === 'english' || lower === 'en') return 'english';
  if (lower === 'none') return 'none';
  return undefined;
}

/** A document's language override that devdb cannot index (MongoDB: 17262 for unknown ones). */
export function unsupportedLanguage(name: string): CommandError {
  return new CommandError(
    17262,
    'Location17262',
    `language override unsupported: ${name} (devdb implements english and none)`,
  );
}
