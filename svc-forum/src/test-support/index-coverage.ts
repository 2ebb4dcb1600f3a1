import type { Schema } from 'mongoose';

/** The key patterns a model declares. */
export const indexesOf = (model: { schema: Schema }) =>
  model.schema.indexes().map(([fields]) => fields as Record<string, unknown>);

/**
 * Does this index serve an equality filter + sort: its prefix is exactly the equality fields (in
 * any order; $in counts as equality, MongoDB merges the per-value runs in sort order), followed
 * by the sort keys in order, all in their direction or (when `reversible`) all reversed?
 */
export function serves(
  index: Record<string, unknown>,
  equality: string[],
  sort: Record<string, number>,
  { reversible = false } = {},
): boolean {
  const keys = Object.entries(index);
  const prefix = keys.slice(0, equality.length).map(([k]) => k);
  if ([...prefix].sort().join() !== [...equality].sort().join()) return false;
  const rest = keys.slice(equality.length);
  const sortKeys = Object.entries(sort);
  if (rest.length < sortKeys.length) return false;
  const walk = (flip: number) =>
    sortKeys.every(([k, dir], i) => rest[i]?.[0] === k && rest[i]?.[1] === dir * flip);
  return walk(1) || (reversible && walk(-1));
}

/** Some index serves the filter's equality fields (each branch of an $or) and the sort. */
export function someIndexServes(
  indexes: Record<string, unknown>[],
  filter: Record<string, unknown>,
  sort: Record<string, number>,
  options: { reversible?: boolean; residual?: (branch: Record<string, unknown>) => string[] } = {},
): boolean {
  const branches = Array.isArray(filter.$or) ? (filter.$or as Record<string, unknown>[]) : [filter];
  return branches.every((branch) => {
    const residual = new Set(options.residual?.(branch) ?? []);
    const equality = Object.keys(branch).filter((k) => !residual.has(k));
    return indexes.some((ix) => serves(ix, equality, sort, options));
  });
}
