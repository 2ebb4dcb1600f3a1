import { describe, expect, it } from 'vitest';
import { rawClient } from './http.js';

describe('rawClient', () => {
  it('answers a request Node refuses to send (a space in the target) as not sent', async () => {
    const client = rawClient('http://127.0.0.1:9');
    const res = await client.send({ method: 'GET', path: '/api/posts?q=a b', headers: {} });
    expect(res.status).toBe(0);
    expect(res.failure).toMatch(/^not sent: /);
    client.close();
  });
});
