// Minimal typings for the parts of autocannon the bench uses (the package ships none).
declare module 'autocannon' {
  interface RawRequest {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string | Buffer;
  }
  interface RequestStep {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before every request of this step; returns the request to send. */
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | null;
    /** Called with each answer, before the 'response' event, with the same context. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    requests?: RequestStep[];
    /** Called with each connection's client once. */
    setupClient?: (client: unknown) => void;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
