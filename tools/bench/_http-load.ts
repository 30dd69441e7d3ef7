import { KeepAliveSocket } from './_keep-alive';

/**
 * A small autocannon-like load generator, run in its own process (forked by http.ts) so it never
 * shares the measured server's event loop. Keep-alive connections, one request in flight on each,
 * raw sockets and a minimal response parser (_keep-alive.ts) so the client stays cheaper than the
 * servers it loads.
 */
export interface LoadSpec {
  port: number;
  path: string;
  cookie?: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  perSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** This load generator's CPU time in the window, as a share of one core: near 1, it is the limit. */
  clientCpu: number;
}

function load(spec: LoadSpec): Promise<LoadResult> {
  const cookie = spec.cookie ? `Cookie: ${spec.cookie}\r\n` : '';
  const request = Buffer.from(`GET ${spec.path} HTTP/1.1\r\nHost: 127.0.0.1:${spec.port}\r\n${cookie}\r\n`);
  const latencies: number[] = [];
  let measuring = false;
  let stopped = false;
  let non2xx = 0;
  let errors = 0;
  const sockets: KeepAliveSocket[] = [];

  for (let i = 0; i < spec.connections; i++) {
    const socket = new KeepAliveSocket(spec.port);
    sockets.push(socket);
    const send = () => {
      const sentAt = performance.now();
      socket.request(request, (answer) => {
        if (answer instanceof Error) return void errors++;
        if (measuring) {
          latencies.push(performance.now() - sentAt);
          if (answer.status < 200 || answer.status >= 300) non2xx++;
        }
        if (!stopped) send();
      });
    };
    socket.socket.on('connect', send);
  }

  let cpuAtStart = process.cpuUsage();
  return new Promise((resolve) => {
    setTimeout(() => {
      measuring = true;
      cpuAtStart = process.cpuUsage();
    }, spec.warmupMs);
    setTimeout(() => {
      measuring = false;
      stopped = true;
      const cpu = process.cpuUsage(cpuAtStart);
      for (const socket of sockets) socket.close();
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      resolve({
        perSecond: latencies.length / (spec.durationMs / 1000),
        requests: latencies.length,
        non2xx,
        errors,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        clientCpu: (cpu.user + cpu.system) / 1000 / spec.durationMs,
      });
    }, spec.warmupMs + spec.durationMs);
  });
}

process.once('message', async (spec: LoadSpec) => {
  process.send!(await load(spec));
  process.disconnect();
});
