import { JwksResponse } from './jwks.js';
import { IdentityStats } from './stats.js';
import type { RouteContract } from './route-contract.js';

export const identityRoutes: RouteContract[] = [
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    service: 'identity',
    summary: 'Public keys that verify access tokens',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'JSON Web Key Set', schema: JwksResponse } },
  },
  {
    method: 'get',
    path: '/internal/stats',
    service: 'identity',
    summary: 'User totals for the admin dashboard',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'Totals', schema: IdentityStats } },
  },
];
