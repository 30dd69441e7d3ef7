/**
 * tools/bench/live.ts's reference, in a process of its own: the broadcast's folder (the same
 * playlist and segments ours serves, as the disk store writes them) served as static files by a
 * bare Fastify with @fastify/static, with the same cache headers. No session, no watch rule.
 */
import type { AddressInfo } from 'node:net';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const { root } = await new Promise<{ root: string }>((resolve) =>
  process.once('message', (m) => resolve(m as { root: string })),
);
const app = Fastify();
await app.register(fastifyStatic, {
  root,
  setHeaders: (res, file) =>
    res.header(
      'cache-control',
      file.endsWith('.m3u8') ? 'public, max-age=1' : 'public, max-age=3600, immutable',
    ),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });
process.on('message', async (m: { type: string }) => {
  if (m.type !== 'close') return;
  await app.close();
  process.exit(0);
});
