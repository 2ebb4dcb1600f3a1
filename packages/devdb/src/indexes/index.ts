import type { Query } from 'mingo/query';
import { makeQuery } from '../engine/mingo.js';
import type { Doc } from '../bson.js';
import { keyOf, pathValues } from '../engine/values.js';
import { IdMultiMap } from './id-map.js';

export interface IndexSpec {
  v?: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

/** One key an index holds for a document: its map key and the field values behind it. */
export interface IndexEntry {
  key: string;
  values: unknown[];
}

/**
 * A secondary index kept as an in-memory hash map from key to document ids. It answers
 * equality lookups and enforces uniqueness; ordering is not needed (sorts run in memory).
 */
export class Index {
  readonly fields: string[];
  /** Ids by full key: kept for single-field and unique indexes (uniqueness needs it). */
  private readonly full: IdMultiMap | undefined;
  /** Compound indexes: ids by the first field alone, so a prefix equality can use them. */
  private readonly prefix: IdMultiMap | undefined;
  private readonly partial: Query | undefined;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.full = this.fields.length === 1 || spec.unique ? new IdMultiMap() : undefined;
    this.prefix = this.fields.length > 1 ? new IdMultiMap() : undefined;
    this.partial = spec.partialFilterExpression
      ? makeQuery(spec.partialFilterExpression)
      : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  /** Sparse and partial indexes do not hold every document, so they cannot answer queries alone. */
  get coversAllDocs(): boolean {
    return !this.spec.sparse && !this.partial;
  }

  /** The keys of `doc`, or none when a sparse/partial index skips it. Arrays fan out (multikey). */
  entries(doc: Doc): IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((f) => pathValues(doc, f));
    if (this.spec.sparse && perField.every((vals) => vals.every((v) => v === undefined))) {
      return [];
    }
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vals) next.push([...c, v]);
      combos = next;
    }
    const seen = new Set<string>();
    const out: IndexEntry[] = [];
    for (const values of combos) {
      const key = values.map(keyOf).join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ key, values });
    }
    return out;
  }

  add(id: string, doc: Doc): void {
    for (const { key, values } of this.entries(doc)) {
      this.full?.add(key, id);
      this.prefix?.add(keyOf(values[0]), id);
    }
  }

  remove(id: string, doc: Doc): void {
    for (const { key, values } of this.entries(doc)) {
      this.full?.remove(key, id);
      this.prefix?.remove(keyOf(values[0]), id);
    }
  }

  /** The first entry of `doc` that another document already holds in this unique index. */
  conflict(id: string, doc: Doc): IndexEntry | undefined {
    if (!this.spec.unique || !this.full) return undefined;
    for (const entry of this.entries(doc)) if (this.full.heldByOther(entry.key, id)) return entry;
    return undefined;
  }

  /**
   * Ids of every document whose indexed fields may equal the given values (`eq` maps a
   * field to its allowed values), or undefined when this index cannot answer: it must hold
   * every document and its first field must be pinned.
   */
  lookup(eq: ReadonlyMap<string, unknown[]>): Set<string> | undefined {
    if (!this.coversAllDocs) return undefined;
    const lists = this.fields.map((f) => eq.get(f));
    const first = lists[0];
    if (!first) return undefined;
    const found = new Set<string>();
    const product = lists.reduce((n, l) => n * (l ? l.length : Infinity), 1);
    if (this.full && (this.fields.length === 1 || product <= 1000)) {
      for (const combo of combinations(lists as unknown[][])) {
        for (const id of this.full.get(combo.map(keyOf).join('\u0000'))) found.add(id);
      }
      return found;
    }
    if (!this.prefix) return undefined;
    for (const v of first) for (const id of this.prefix.get(keyOf(v))) found.add(id);
    return found;
  }
}

function combinations(lists: unknown[][]): unknown[][] {
  let combos: unknown[][] = [[]];
  for (const list of lists) {
    const next: unknown[][] = [];
    for (const c of combos) for (const v of list) next.push([...c, v]);
    combos = next;
  }
  return combos;
}

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}
