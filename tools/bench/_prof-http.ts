import type { AddressInfo } from 'node:net';
import { api } from '@tertulia/contract';
import { askHelper, ourApp, registeredCookie } from './_shared';

const ours = await ourApp();
await ours.app.listen({ port: 0, host: '127.0.0.1' });
const port = (ours.app.server.address() as AddressInfo).port;
const cookie = await registeredCookie(ours.app);
const path =
  process.env.P === 'health'
    ? '/healthz'
    : process.env.P === 'nohook'
      ? '/api/user/nohook.do'
      : process.env.P !== 'user'
        ? `/servlet/api/user/${process.env.P}.do`
        : api.user.getLoggedInUser.path;
let n = 0;
ours.app.server.on('request', () => n++);
const c0 = process.cpuUsage();
if (process.env.P === 'nohook')
  await ours.app.inject({ url: '/servlet/api/user/plain.do', headers: { cookie } });
const r = await askHelper<{ perSecond: number }>('./_http-load.ts', {
  port,
  path,
  cookie,
  connections: 32,
  warmupMs: 1000,
  durationMs: 5000,
});
const c = process.cpuUsage(c0);
console.log(process.env.LABEL, Math.round(r.perSecond), ((c.user + c.system) / n).toFixed(1), 'µs');
await ours.close();
