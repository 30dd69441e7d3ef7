import net from 'node:net';

/**
 * A TCP proxy in front of a shared service (Redis, PostgreSQL) that a test can cut and restore,
 * to play an outage without touching the service other tests use. `cut` closes the listening
 * port and every connection through it (clients see resets, then refusals); `restore` listens on
 * the same port again.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(target);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as net.AddressInfo).port;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    /** Rewrites a service URL (redis://, postgres://) to go through the proxy. */
    url(serviceUrl: string) {
      const u = new URL(serviceUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    restore: () => listen(),
    close() {
      return this.cut();
    },
  };
}
export type TcpProxy = Awaited<ReturnType<typeof tcpProxy>>;
