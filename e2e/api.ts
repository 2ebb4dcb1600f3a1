import { apiClient, type ApiOptions } from '../scripts/lib/api-client.js';
import { env } from './fixtures.js';

export { uniqueName } from '../scripts/lib/api-client.js';

/** One call to the e2e stack's public API, as the product makes it; never throws on a status. */
export function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<{ status: number; json: T }> {
  // The stack's URL is only known once the global setup ran.
  return apiClient(env.baseUrl)<T>(method, path, options);
}
