import { describe, expect, it } from 'vitest';
import { clientResponseHeaders, upstreamRequestHeaders } from './headers.js';

const info = {
  requestId: 'req-1',
  peerIp: '10.0.0.7',
  protocol: 'http',
  host: 'forum.example',
  trustProxy: false,
};

describe('upstreamRequestHeaders', () => {
  it('drops hop-by-hop headers, including those named in Connection', () => {
    const out = upstreamRequestHeaders(
      {
        host: 'forum.example',
        connection: 'keep-alive, x-secret-hop',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'x-secret-hop': '1',
        authorization: 'Bearer t',
        'content-type': 'application/json',
      },
      info,
    );
    expect(out).toEqual({
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'x-forwarded-for': '10.0.0.7',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'forum.example',
      'x-request-id': 'req-1',
    });
  });

  it('replaces client-sent forwarding headers unless the proxy is trusted', () => {
    const incoming = {
      'x-forwarded-for': '1.2.3.4',
      forwarded: 'for=1.2.3.4',
      'x-request-id': 'x',
    };
    expect(upstreamRequestHeaders(incoming, info)['x-forwarded-for']).toBe('10.0.0.7');
    expect(upstreamRequestHeaders(incoming, info).forwarded).toBeUndefined();
    expect(upstreamRequestHeaders(incoming, { ...info, trustProxy: true })['x-forwarded-for']).toBe(
      '1.2.3.4, 10.0.0.7',
    );
  });
});

describe('clientResponseHeaders', () => {
  it('keeps end-to-end headers only', () => {
    expect(
      clientResponseHeaders({
        'Content-Type': 'application/json',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'set-cookie': ['a=1', 'b=2'],
      }),
    ).toEqual([
      ['content-type', 'application/json'],
      ['set-cookie', ['a=1', 'b=2']],
    ]);
  });
});
