/**
 * The `host:port` this server names itself by in `hello` (`me`, `hosts`, `primary`). Drivers
 * connect to that address after discovery, so it must be reachable: the bound interface, or
 * the loopback address of its family for a wildcard bind.
 */
export function advertisedAddress(host: string, port: number): string {
  const name = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return name.includes(':') ? `[${name}]:${port}` : `${name}:${port}`;
}
