import { PNG_1X1 } from './helpers.js';
import { PNG_SIGNATURE, png, pngChunk } from '../../lib/png.js';

/** Hostile upload payloads, built byte by byte. */

/** A well-formed PNG header declaring width x height (8-bit greyscale) with a tiny IDAT. */
export const pixelBombPng = (width: number, height: number): Buffer =>
  png(width, height, { pixels: false });

export const SCRIPT = '<script>window.__xss=1</script>';

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1" width="10" height="10">${SCRIPT}<rect width="10" height="10"/></svg>`,
);

export const HTML_PAGE = Buffer.from(
  `<!doctype html><html><body>${SCRIPT}<img src=x onerror="window.__xss=1"></body></html>`,
);

/** A valid 1x1 GIF. */
export const GIF_1X1 = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

/** PNG signature, then a whole HTML document: sniffs as PNG, decodes as nothing. */
export const PNG_HEADER_THEN_HTML = Buffer.concat([PNG_SIGNATURE, HTML_PAGE]);

/** A complete valid PNG with an HTML document after IEND (decoders stop at IEND). */
export const PNG_WITH_TRAILING_HTML = Buffer.concat([PNG_1X1, HTML_PAGE]);

/** The classic GIF/JS polyglot: a GIF header that is also a JavaScript statement. */
export const GIF_JS_POLYGLOT = Buffer.from(
  `GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=window.__xss=1;${SCRIPT}`,
  'latin1',
);

/** A valid GIF with script after its trailer. */
export const GIF_WITH_TRAILING_SCRIPT = Buffer.concat([
  GIF_1X1,
  Buffer.from(`;window.__xss=1;${SCRIPT}`),
]);

/** The first bytes of a real PNG: the type sniffs, the decode must fail. */
export const TRUNCATED_PNG = pixelBombPng(64, 64).subarray(0, 40);

/** A PNG whose IDAT is garbage (CRCs right, data not zlib). */
export const CORRUPT_PNG = (() => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from('this is not zlib data at all, nope')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
})();

/** A PNG signature followed by padding up to `size` bytes (refused by size before decoding). */
export const oversized = (size: number) => {
  const buf = Buffer.alloc(size, 0x41);
  PNG_1X1.copy(buf, 0);
  return buf;
};
