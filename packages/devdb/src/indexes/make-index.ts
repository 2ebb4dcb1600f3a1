import { isTextKey } from '../text/text-spec.js';
import { Index, type IndexSpec } from './index.js';
import { TextIndex } from './text-index.js';

/** The index a spec describes: a text index for `{ _fts: 'text', ... }`, else an ordered one. */
export function makeIndex(spec: IndexSpec): Index {
  return isTextKey(spec.key) ? new TextIndex(spec) : new Index(spec);
}
