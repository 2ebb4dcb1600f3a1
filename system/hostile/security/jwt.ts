import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** Hand-made JWTs for tampering tests (no JWT library: every byte is ours to break). */

export type Json = Record<string, unknown>;

export const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function decodeJwt(token: string): { header: Json; payload: Json; signature: string } {
  const [h = '', p = '', s = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()) as Json,
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()) as Json,
    signature: s,
  };
}

const encodeParts = (header: Json, payload: Json) =>
  `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;

/** ES256 (ECDSA P-256, raw r||s signature) with any key. */
export function signEs256(header: Json, payload: Json, privateKey: KeyObject): string {
  const input = encodeParts({ ...header, alg: 'ES256' }, payload);
  const sig = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${b64url(sig)}`;
}

/** HS256 with an arbitrary secret (the alg-confusion attack uses the public key as the secret). */
export function signHs256(header: Json, payload: Json, secret: string | Buffer): string {
  const input = encodeParts({ ...header, alg: 'HS256', typ: 'JWT' }, payload);
  return `${input}.${b64url(createHmac('sha256', secret).update(input).digest())}`;
}

/** alg none, empty signature (and a variant with the original signature kept). */
export function unsigned(header: Json, payload: Json, keepSignature = ''): string {
  return `${encodeParts({ ...header, alg: 'none' }, payload)}.${keepSignature}`;
}

/** A real token's header and signature with another payload. */
export function swapPayload(token: string, payload: Json): string {
  const [h, , s] = token.split('.');
  return `${h}.${b64url(JSON.stringify(payload))}.${s}`;
}

export function foreignEs256Key() {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}
