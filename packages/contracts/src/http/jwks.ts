import { z } from '../zod.js';

/** A public JSON Web Key as identity publishes it (EC P-256 for ES256). */
export const Jwk = z.looseObject({
  kty: z.string(),
  kid: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
});
export type Jwk = z.infer<typeof Jwk>;

export const JwksResponse = z.object({ keys: z.array(Jwk) });
export type JwksResponse = z.infer<typeof JwksResponse>;
