import type { Context } from 'koa';
import { DOCS_CSS, renderDocsPage } from './render-docs-page.js';

/**
 * /api/docs (HTML, or JSON when the client prefers it), /api/docs/openapi.json and the page's
 * stylesheet. The document is built once: the contracts do not change while the process runs.
 */
export function createApiDocs(buildDocument: () => unknown) {
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
    serve(ctx: Context): void {
      ctx.set('Cache-Control', 'no-cache');
      if (ctx.path === '/api/docs/docs.css') {
        ctx.type = 'text/css';
        ctx.body = DOCS_CSS;
        return;
      }
      const wantsJson =
        ctx.path === '/api/docs/openapi.json' || ctx.accepts('html', 'json') === 'json';
      ctx.vary('Accept');
      if (wantsJson) {
        ctx.type = 'application/json';
        ctx.body = rendered().json;
      } else {
        ctx.type = 'text/html';
        ctx.body = rendered().html;
      }
    },
  };
}
