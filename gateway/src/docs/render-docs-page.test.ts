import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@forum/contracts/openapi';
import { renderDocsPage } from './render-docs-page.js';

describe('renderDocsPage', () => {
  it('lists the operations of the contracts document without any script', () => {
    const html = renderDocsPage(buildOpenApiDocument());
    expect(html).toContain('<code>/api/admin/stats</code>');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes everything it interpolates', () => {
    const html = renderDocsPage({
      info: { title: '<img src=x onerror=alert(1)>' },
      paths: { '/x': { get: { summary: '<script>alert(1)</script>' } } },
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });
});
