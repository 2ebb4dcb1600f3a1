import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Cuts every proxied connection at once, as a crashed client would. */
  cutAll(): void;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<port> to `host:port`, so a test can sever a client's connections. */
export async function startProxy(host: string, port: number): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.pipe(upstream).on('error', end);
    upstream.pipe(client).on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cutAll = (): void => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cutAll,
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}
