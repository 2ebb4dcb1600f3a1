import type * as SchemasModuleNs from './schemas';

type SchemasModule = typeof SchemasModuleNs;
let schemasPromise: Promise<SchemasModule> | undefined;
const load = () => (schemasPromise ??= import('./schemas'));

/**
 * Loaders for the contract schemas: the first typed call imports them (and zod) in parallel with
 * its request, so they stay out of the first paint.
 */
export const lazySchema = <K extends keyof SchemasModule>(name: K) => {
  return async (): Promise<SchemasModule[K]> => (await load())[name];
};
