import type { Context } from 'koa';
import { sendCompressible, type CompressionCache } from '../static/compression.js';
import { DOCS_CSS, renderDocsPage } from './render-docs-page.js';

/**
 * /api/docs (HTML, or JSON when the client prefers it), /api/docs/openapi.json and the page's
 * stylesheet. The document is built once: the contracts do not change while the process runs.
 */
export function createApiDocs(buildDocument: () => unknown, compression: CompressionCache) {
  let cached: { json: string; html: string } | undefined;
  const rendered = () => {
    if (!cached) {
      const doc = buildDocument();
      cached = { json: JSON.stringify(doc), html: renderDocsPage(doc) };
    }
    return cached;
  };

  return {
    paths: ['/api/docs', '/api/docs/openapi.json', '/api/docs/docs.css'],
    /** Compressed per the client's Accept-Encoding; each variant is compressed once. */
    async serve(ctx: Context): Promise<void> {
      ctx.set('Cache-Control', 'no-cache');
      if (ctx.path === '/api/docs/docs.css') {
        ctx.type = 'text/css';
        return sendCompressible(ctx, DOCS_CSS, compression, 'api-docs:css');
      }
      const wantsJson =
        ctx.path === '/api/docs/openapi.json' || ctx.accepts('html', 'json') === 'json';
      ctx.vary('Accept');
      if (wantsJson) {
        ctx.type = 'application/json';
        await sendCompressible(ctx, rendered().json, compression, 'api-docs:json');
      } else {
        ctx.type = 'text/html';
        await sendCompressible(ctx, rendered().html, compression, 'api-docs:html');
      }
    },
  };
}
