import type { z } from 'zod';
import type { PublicRouteKey } from '@forum/contracts';

/**
 * The schema a route's success answer is parsed with. The SDK's one way to the contracts at run
 * time, and it is dynamic: the first call fetches the schemas (in parallel with its request, see
 * client.ts), so zod and the contracts stay out of the shell's first paint.
 */
export async function successSchemaOf(key: PublicRouteKey): Promise<z.ZodType> {
  const { successSchemas } = await import('./successSchemas');
  return successSchemas[key];
}
