import { config, z } from 'zod';

/*
 * Every schema module imports z from here, so this runs before any schema is built. zod 4 probes
 * `new Function('')` when it builds an object schema, to JIT-compile its parser; the front ends'
 * CSP has no 'unsafe-eval', so in a browser the probe is refused and reported as a CSP violation
 * on every page. Browsers parse jitless; servers keep the faster JIT parsers.
 * package.json lists this module under sideEffects: bundlers would otherwise route the re-export
 * straight to 'zod' and skip the call.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') {
  config({ jitless: true });
}

export { z };
