import type { JwksResponse } from '@forum/contracts';
import type { SigningKeys } from '../keys/signing-keys.js';

export const presentJwks = (keys: SigningKeys): JwksResponse => ({ keys: [keys.publicJwk] });
