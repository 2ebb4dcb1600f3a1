/** The claims identity puts in an access token (svc-identity README: sub, username, is_admin). */
export interface AccessClaims {
  sub: string;
  username: string;
  is_admin: boolean;
  /** Seconds since the epoch. */
  exp: number | undefined;
}

function base64UrlDecode(segment: string): string {
  const b64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads (does not verify) the payload of a JWT. The client only uses it to know who is signed in
 * and when to refresh; every server verifies the signature. Null for anything malformed.
 */
export function decodeAccessToken(token: string | null | undefined): AccessClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (typeof payload.sub !== 'string' || !payload.sub) return null;
    return {
      sub: payload.sub,
      username: typeof payload.username === 'string' ? payload.username : '',
      is_admin: payload.is_admin === true,
      exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    };
  } catch {
    return null;
  }
}
