import { createHash, randomBytes, randomInt } from 'node:crypto';

const REFERRAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 8 characters of A-Z0-9 from the CSPRNG (randomInt is unbiased). */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** Opaque bearer secrets (refresh and reset tokens): 32 random bytes, base64url. */
export const generateOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Only hashes are stored: a database leak does not hand out usable tokens. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
