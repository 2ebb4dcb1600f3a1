import net from 'node:net';
import { DEFAULT_PORTS, type StackPorts } from './plan.js';

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a port'));
      });
    });
  });
}

/** One free port per stack component, all distinct. */
export async function randomPorts(): Promise<StackPorts> {
  const ports = { ...DEFAULT_PORTS };
  const taken = new Set<number>();
  for (const key of Object.keys(ports) as (keyof StackPorts)[]) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[key] = port;
  }
  return ports;
}

/** True when something already listens on 127.0.0.1:port (or it cannot be bound). */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(true));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

/** The named ports that are taken, e.g. ["gateway (PORT=8080)"]. */
export async function takenPorts(ports: Record<string, number>): Promise<string[]> {
  const taken: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (await portInUse(port)) taken.push(`${name}: ${port}`);
  }
  return taken;
}
