import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';
import { routes } from './http/routes.js';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument();

  it('is an OpenAPI 3.1 document with the public routes only', () => {
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths ?? {});
    expect(paths).toContain('/api/posts');
    expect(paths).toContain('/api/health');
    expect(paths).not.toContain('/internal/stats');
    for (const r of routes.filter((x) => !x.internal)) expect(paths).toContain(r.path);
  });

  it('describes GET /api/posts from the contract schemas', () => {
    const op = doc.paths?.['/api/posts']?.get;
    const names = (op?.parameters ?? []).map((p) => ('name' in p ? p.name : ''));
    const communityId = op?.parameters?.find((p) => 'name' in p && p.name === 'community_id');
    expect(JSON.stringify(communityId)).toContain('"pattern":"^[a-fA-F0-9]{24}$"');
    expect(names).toEqual(
      expect.arrayContaining(['community_id', 'author_id', 'sort', 'limit', 'offset']),
    );
    const ok = op?.responses?.['200'] as { content: Record<string, { schema: unknown }> };
    expect(JSON.stringify(ok.content['application/json']?.schema)).toContain(
      '#/components/schemas/Post',
    );
    expect(doc.components?.schemas).toHaveProperty('Post');
    expect(doc.components?.schemas).toHaveProperty('ErrorBody');
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
