import { Counter, Gauge, type Registry } from 'prom-client';

export interface StreamMetrics {
  slowClientsDropped: Counter;
}

/** The stream service's own series, in the app's registry (served at /metrics). */
export function createStreamMetrics(registry: Registry, openStreams: () => number): StreamMetrics {
  new Gauge({
    name: 'stream_open_streams',
    help: 'Event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  const slowClientsDropped = new Counter({
    name: 'stream_slow_clients_dropped_total',
    help: 'Streams ended because the client read slower than events came',
    registers: [registry],
  });
  return { slowClientsDropped };
}
