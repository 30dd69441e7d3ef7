import { accountRoutes } from '../../packages/server/src/features/accounts/routes';
import { registerContractRoutes } from '../../packages/server/src/http/contract-routes';
import { ourApp, registeredCookie } from './_shared';

const ours = await ourApp();
const cookie = await registeredCookie(ours.app);
const { app, deps } = ours;
const handlers = new Map<string, (q: unknown, r: unknown) => Promise<unknown>>();
const fake = {
  route: (o: { url: string; handler: never }) => handlers.set(o.url, o.handler),
  register: () => {},
};
registerContractRoutes(fake as never, accountRoutes(deps), (request, reply) => ({
  user: request.member,
  locale: 'es',
  ip: '1',
  request,
  reply,
}));
const handler = [...handlers].find(([u]) => u.includes('getLoggedInUser'))![1];
const cookies = app.parseCookie(cookie);
const user = (await deps.sessions.resolve({ cookies } as never))!.user;
const request = {
  member: user,
  query: {},
  headers: { cookie },
  cookies,
  ip: '127.0.0.1',
  isMultipart: () => false,
};
const reply = {
  header() {
    return reply;
  },
};
const n = 200000;
for (let i = 0; i < 20000; i++) await handler(request, reply);
let t = performance.now();
for (let i = 0; i < n; i++) await handler(request, reply);
console.log('handler', (((performance.now() - t) * 1000) / n).toFixed(2), 'µs');
const body = await handler(request, reply);
t = performance.now();
for (let i = 0; i < n; i++) JSON.stringify(body);
console.log('stringify', (((performance.now() - t) * 1000) / n).toFixed(2), 'µs');
await ours.close();
