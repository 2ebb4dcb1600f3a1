import type { z } from 'zod';
import { ErrorBody } from './common.js';

export type ServiceName = 'gateway' | 'identity' | 'forum' | 'messaging';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteResponse {
  description: string;
  schema: z.ZodType;
}

/**
 * One API operation. `path` uses OpenAPI's {param} syntax. Internal routes are service-to-service
 * only: the gateway never exposes them and the public OpenAPI document leaves them out.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  auth: 'none' | 'optional' | 'required' | 'admin';
  internal?: boolean;
  request?: { query?: z.ZodObject; params?: z.ZodObject; body?: z.ZodType };
  responses: Record<number, RouteResponse>;
}

export const errorResponse = (description: string): RouteResponse => ({
  description,
  schema: ErrorBody,
});
