import {
  BallotResponse,
  ElectionResponse,
  ElectionsResponse,
  MessageResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Elections (EXTENSIONS §E): elections, candidates and ballots. */
export const schemas = {
  'POST /api/communities/{id}/elections': ElectionResponse,
  'GET /api/communities/{id}/elections': ElectionsResponse,
  'GET /api/elections/{id}': ElectionResponse,
  'POST /api/elections/{id}/candidates': ElectionResponse,
  'DELETE /api/elections/{id}/candidates/me': MessageResponse,
  'PUT /api/elections/{id}/ballot': BallotResponse,
  'GET /api/elections/{id}/ballot': BallotResponse,
} satisfies Partial<SuccessSchemaTable>;
