import { isApiError } from '@forum/sdk';
import { TEXTS } from '../texts';

export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * What a failed admin load shows: the access-denied text on a 403, otherwise the section's
 * fallback; `detail` carries the server's own error text when it sent one (spec §8).
 */
export function loadError(error: unknown, fallback: string): { title: string; detail?: string } {
  if (isForbidden(error)) return { title: TEXTS.denied };
  const server = isApiError(error) && error.code === 'HTTP' ? error.serverMessage : undefined;
  return server && server !== fallback ? { title: fallback, detail: server } : { title: fallback };
}
