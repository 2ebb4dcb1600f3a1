import type { IncomingHttpHeaders } from 'node:http';

/** RFC 9110 §7.6.1 connection-specific headers, plus ones a proxy must not pass on. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // undici refuses `expect`; Node already answered 100-continue to the client.
  'expect',
]);

/** Headers listed in `Connection: a, b` are hop-by-hop for this message too. */
export function connectionListed(
  headers: IncomingHttpHeaders | Record<string, unknown>,
): Set<string> {
  const value = headers.connection;
  const list = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : '';
  return new Set(
    list
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

export interface ForwardingInfo {
  requestId: string;
  /** The address of whoever opened the connection to the gateway (client or trusted proxy). */
  peerIp: string;
  /** http or https, as the client used it. */
  protocol: string;
  /** The Host the client asked for. */
  host: string;
  /** When false, X-Forwarded-* and Forwarded sent by the client are replaced, not extended. */
  trustProxy: boolean;
}

/**
 * Request headers for the upstream: the client's end-to-end headers plus X-Request-Id and
 * X-Forwarded-For/Proto/Host. Host itself is left to the HTTP client (the upstream's authority).
 */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  info: ForwardingInfo,
): Record<string, string | string[]> {
  // `Connection: keep-alive` (what nearly every client sends) names no extra header to drop.
  const connection = incoming.connection;
  const drop =
    connection === undefined || PLAIN_CONNECTION.has(connection)
      ? undefined
      : connectionListed(incoming);
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || HOP_BY_HOP.has(name) || drop?.has(name) || name === 'host') continue;
    if (name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-request-id')
      continue;
    out[name] = value;
  }
  const priorFor = info.trustProxy ? headerText(incoming['x-forwarded-for']) : '';
  out['x-forwarded-for'] = priorFor ? `${priorFor}, ${info.peerIp}` : info.peerIp;
  out['x-forwarded-proto'] = info.protocol;
  out['x-forwarded-host'] = info.host;
  out['x-request-id'] = info.requestId;
  return out;
}

const PLAIN_CONNECTION = new Set(['keep-alive', 'close', 'Keep-Alive', 'Close']);

/** Response headers to copy back to the client, without hop-by-hop ones. */
export function clientResponseHeaders(
  upstream: Record<string, string | string[] | undefined>,
): [string, string | string[]][] {
  const drop = connectionListed(upstream);
  const out: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(upstream)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || drop.has(lower)) continue;
    out.push([lower, value]);
  }
  return out;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** `text/event-stream` (EXTENSIONS §L), whatever its parameters. */
export function isEventStream(contentType: Buffer | string): boolean {
  return contentType.toString('latin1').trimStart().toLowerCase().startsWith('text/event-stream');
}
