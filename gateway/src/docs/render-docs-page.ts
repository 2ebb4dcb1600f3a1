import { escapeHtml } from './escape-html.js';

/** The parts of an OpenAPI 3.1 document the page shows. */
export interface OpenApiLike {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OperationLike | undefined> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

interface OperationLike {
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { name?: string; in?: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * A server-rendered, script-free view of the OpenAPI document: it satisfies the strict CSP with
 * nothing fetched from a CDN. Schemas are shown as JSON; the raw document is one link away.
 */
export function renderDocsPage(document: unknown): string {
  // The document comes from our own contracts; only the fields read below matter.
  const doc = (document ?? {}) as OpenApiLike;
  const title = doc.info?.title ?? 'API';
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item?.[m]).map((m) => renderOperation(path, m, item?.[m] ?? {})),
  );
  const schemas = Object.entries(doc.components?.schemas ?? {}).map(
    ([name, schema]) =>
      `<details id="schema-${escapeHtml(name)}"><summary>${escapeHtml(name)}</summary>${json(schema)}</details>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
<header>
<h1>${escapeHtml(title)} <small>${escapeHtml(doc.info?.version ?? '')}</small></h1>
<p>${escapeHtml(doc.info?.description ?? '')}</p>
<p><a href="/api/docs/openapi.json">OpenAPI JSON</a></p>
</header>
<main>
<h2>Operations</h2>
${operations.join('\n') || '<p>No operations documented.</p>'}
<h2>Schemas</h2>
${schemas.join('\n') || '<p>No shared schemas.</p>'}
</main>
</body>
</html>
`;
}

function renderOperation(path: string, method: string, op: OperationLike): string {
  const secured = op.security?.some((s) => Object.keys(s).length > 0);
  const params = (op.parameters ?? []).map(
    (p) =>
      `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''}) ${json(p.schema)}</li>`,
  );
  const body = Object.entries(op.requestBody?.content ?? {}).map(
    ([type, media]) => `<h4>Body <code>${escapeHtml(type)}</code></h4>${json(media.schema)}`,
  );
  const responses = Object.entries(op.responses ?? {}).map(([status, r]) => {
    const schema = Object.values(r.content ?? {})[0]?.schema;
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(r.description ?? '')}${schema ? json(schema) : ''}</li>`;
  });
  return `<details class="op">
<summary><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary ?? '')}${secured ? ' <span class="auth">Bearer</span>' : ''}</summary>
${params.length ? `<h4>Parameters</h4><ul>${params.join('')}</ul>` : ''}
${body.join('')}
<h4>Responses</h4><ul>${responses.join('')}</ul>
</details>`;
}

function json(value: unknown): string {
  return value === undefined ? '' : `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}

export const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1b}
h1 small{font-size:.6em;color:#666}
details{border:1px solid #ddd;border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:13px}
.method{display:inline-block;min-width:4.5em;font-weight:700;font-family:monospace}
.get{color:#1a7f37}.post{color:#0969da}.put{color:#9a6700}.patch{color:#8250df}.delete{color:#cf222e}
.auth{font-size:.8em;border:1px solid #999;border-radius:4px;padding:0 .3em}
@media (prefers-color-scheme:dark){body{background:#111;color:#ddd}pre{background:#1d1f23}details{border-color:#333}}
`;
