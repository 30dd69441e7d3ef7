import net from 'node:net';

/**
 * A minimal SMTP server that keeps what it receives, for tests of mail delivery: it speaks just
 * enough of the protocol for nodemailer (no TLS, no auth). `stop` plays an SMTP outage (connections
 * refused); `start` listens on the same port again.
 */
export async function smtpSink() {
  const mails: string[] = [];
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  function session(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let data: string | undefined;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            mails.push(data);
            data = undefined;
            socket.write('250 queued\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  }

  async function start() {
    server = net.createServer(session);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
    port = (server.address() as net.AddressInfo).port;
  }

  await start();
  return {
    mails,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    start,
    async stop() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
