import type { Doc } from '../bson.js';
import { PAUSE, type Pausing, type Slice } from '../engine/pausing.js';
import { FieldColumn } from '../text/field-column.js';
import { FieldTerms } from '../text/field-terms.js';
import { documentTermScores } from '../text/score.js';
import { textSpecOf, textValues, type TextSpec } from '../text/text-spec.js';
import { Index, type IndexEntry, type IndexSpec } from './index.js';

/** Something kept by document number beside the postings (text/field-terms.ts, field-column.ts). */
interface FieldView {
  add(num: number, doc: Doc): void;
  remove(num: number, doc: Doc): void;
  clear(): void;
}

/**
 * The documents holding one term and the term's score in each, in one list: number, score,
 * number, score… One array of doubles is two heap objects where an object of two lists was five,
 * and a posting lives as long as its term: most terms (names, numbers, typos) are in one document.
 */
export type Posting = number[];

/** How many documents `posting` holds (index keys, in explain's counts). */
export const postingSize = (posting: Posting): number => posting.length >> 1;

/** Where document `num` sits in `posting` (its number's position), or -1. */
function numberAt(posting: Posting, num: number): number {
  for (let i = 0; i < posting.length; i += 2) if (posting[i] === num) return i;
  return -1;
}

/**
 * A text index: stemmed term -> posting list (each document's number and the term's score in
 * it, computed when the document is indexed, as MongoDB keeps it in the index key), so that a
 * query reads only its terms' postings. Documents are numbered in record id order (a number
 * stays with its record id while the document exists, across updates), which keeps postings
 * plain arrays: appending is cheap, and removing a document scans its terms' lists.
 * It takes part in inserts, updates, deletes, transaction undo, journal replay and bulk builds
 * through the same calls as an ordinary index (add / remove / load); the planner never picks
 * it for other queries.
 */
export class TextIndex extends Index {
  readonly text: TextSpec;
  readonly postings = new Map<string, Posting>();
  /** Indexed documents by number (undefined: removed). */
  readonly docs: (Doc | undefined)[] = [];
  private readonly numOf = new Map<string, number>();
  private keyCount = 0;
  /**
   * What text queries read beside the postings, per field: the strings of fields filtered with
   * `$all`, inverted, and the fields the residual filters test, as columns. Built on first use,
   * then kept by every add, remove and rebuild.
   */
  private readonly views = new Map<string, FieldView>();

  constructor(spec: IndexSpec) {
    super(spec);
    this.text = textSpecOf(spec);
  }

  /** Index keys: one per (term, document), as in MongoDB. */
  override get size(): number {
    return this.keyCount;
  }

  override get coversAllDocs(): boolean {
    return false;
  }

  /** `field`'s strings of the indexed documents, inverted and kept up to date from now on. */
  fieldTerms(field: string): FieldTerms {
    return this.view(`terms ${field}`, () => new FieldTerms(field));
  }

  /** `field`'s values of the indexed documents as a column, kept up to date from now on. */
  fieldColumn(field: string): FieldColumn {
    return this.view(`column ${field}`, () => new FieldColumn(field));
  }

  private view<V extends FieldView>(key: string, make: () => V): V {
    let view = this.views.get(key) as V | undefined;
    if (!view) {
      const built = make();
      this.docs.forEach((doc, num) => doc && built.add(num, doc));
      this.views.set(key, (view = built));
    }
    return view;
  }

  override add(rid: string, doc: Doc): void {
    const scores = documentTermScores(this.text, doc);
    if (scores.size === 0) return;
    let num = this.numOf.get(rid);
    if (num === undefined) {
      num = this.docs.length;
      this.numOf.set(rid, num);
    }
    this.docs[num] = doc;
    for (const view of this.views.values()) view.add(num, doc);
    for (const [term, score] of scores) {
      const posting = this.postings.get(term);
      if (posting) posting.push(num, score);
      else this.postings.set(term, [num, score]);
    }
    this.keyCount += scores.size;
  }

  override remove(rid: string, doc: Doc): void {
    const num = this.numOf.get(rid);
    if (num === undefined || this.docs[num] !== doc) return;
    this.docs[num] = undefined;
    for (const view of this.views.values()) view.remove(num, doc);
    for (const term of documentTermScores(this.text, doc).keys()) {
      const posting = this.postings.get(term);
      const at = posting ? numberAt(posting, num) : -1;
      if (!posting || at < 0) continue;
      // Order within a posting does not matter: the last entry takes the removed one's place.
      const lastScore = posting.pop()!;
      const lastNum = posting.pop()!;
      if (at < posting.length) {
        posting[at] = lastNum;
        posting[at + 1] = lastScore;
      }
      this.keyCount--;
      if (posting.length === 0) this.postings.delete(term);
    }
  }

  /** Builds the postings over `rows`, pausing between documents. Never reports shared keys. */
  override *loadPausing(rows: Iterable<[string, Doc]>, slice: Slice): Pausing<boolean> {
    this.postings.clear();
    this.docs.length = 0;
    this.numOf.clear();
    this.keyCount = 0;
    for (const view of this.views.values()) view.clear();
    let n = 0;
    for (const [rid, doc] of rows) {
      this.add(rid, doc);
      if (++n % 256 === 0 && slice.over) yield PAUSE;
    }
    return false;
  }

  /**
   * Not a uniqueness check (text indexes are never unique): refuses, before anything is
   * written, a document this index cannot take (a language override devdb does not implement),
   * as MongoDB fails such an insert or update.
   */
  override conflict(_rid: string, doc: Doc): IndexEntry | undefined {
    for (const _ of textValues(this.text, doc));
    return undefined;
  }
}
