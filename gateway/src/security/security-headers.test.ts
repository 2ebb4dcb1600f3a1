import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';

describe('contentSecurityPolicy', () => {
  it('is strict by default: no inline or remote scripts, no framing', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('admits dev-server origins (and their HMR sockets) only when given', () => {
    const csp = contentSecurityPolicy(['http://localhost:3001']);
    expect(csp).toContain("script-src 'self' http://localhost:3001;");
    expect(csp).toContain("connect-src 'self' http://localhost:3001 ws://localhost:3001;");
    expect(csp).not.toContain('unsafe-eval');
  });
});
