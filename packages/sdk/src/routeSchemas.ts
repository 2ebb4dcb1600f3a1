import type { z } from 'zod';
import type { ApiRouteKey } from '@forum/contracts';

/**
 * The schema a route's success answer is parsed with. This is the SDK's one run-time import of
 * @forum/contracts, and it is dynamic: the route table and zod are a chunk of their own that the
 * first call fetches (in parallel with its request, see client.ts), never part of the shell's first
 * paint. The destructuring lets the bundler keep only what is used.
 */
export async function successSchemaOf(key: ApiRouteKey): Promise<z.ZodType> {
  const { apiRoutes, successSchema } = await import('@forum/contracts');
  return successSchema(apiRoutes[key]);
}
