import { api } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import { ourApp } from './_shared';

const ours = await ourApp();
const { app } = ours;
async function reg(name: string) {
  const res = await app.inject({
    method: 'POST',
    url: api.profile.register.path,
    payload: {
      name,
      password: 'contraseña-segura',
      birthdayYear: 1990,
      birthdayMonth: 6,
      birthdayDay: 15,
      gender: 'f',
      email: `${name}@example.org`,
    },
  });
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
const a = await reg('ana_sql');
const b = await reg('bea_sql');
const bId = JSON.parse(
  (await app.inject({ url: api.user.getLoggedInUser.path, headers: { cookie: b } })).body,
).User[0].uid;
const first = await app.inject({
  method: 'POST',
  url: api.messaging.send.path,
  headers: { cookie: a, 'content-type': 'application/json' },
  payload: { message: 'hola', targetIds: [bId] },
});
const cid = JSON.parse(first.body).Conversation[0].conversationId;
const proto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
const log: string[] = [];
const origs: Record<string, unknown> = {};
for (const m of ['run', 'all', 'get', 'iterate']) {
  const orig = proto[m];
  origs[m] = orig;
  proto[m] = function (...args: unknown[]) {
    log.push(`${m}: ${this.source.slice(0, 150)}`);
    return orig.apply(this, args);
  };
}
for (let i = 0; i < 3; i++)
  await app.inject({
    method: 'POST',
    url: api.messaging.send.path,
    headers: { cookie: a, 'content-type': 'application/json' },
    payload: { message: `m${i}`, conversationId: cid, maxMessages: 0 },
  });
log.length = 0;
const r = await app.inject({
  method: 'POST',
  url: api.messaging.send.path,
  headers: { cookie: a, 'content-type': 'application/json' },
  payload: { message: 'hola otra vez', conversationId: cid, maxMessages: 0 },
});
console.log(r.statusCode, log.length, 'statements');
for (const l of log) console.log(' ', l);
for (const m of ['run', 'all', 'get', 'iterate']) proto[m] = origs[m];
const N = 3000;
const payload = (i: number) => ({
  message: `bench ${i} `.padEnd(100, 'x'),
  conversationId: cid,
  maxMessages: 0,
});
for (let i = 0; i < 500; i++)
  await app.inject({
    method: 'POST',
    url: api.messaging.send.path,
    headers: { cookie: a, 'content-type': 'application/json' },
    payload: payload(i),
  });
const c0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++)
  await app.inject({
    method: 'POST',
    url: api.messaging.send.path,
    headers: { cookie: a, 'content-type': 'application/json' },
    payload: payload(i),
  });
const c = process.cpuUsage(c0);
console.log(
  'per send via inject: wall',
  (((performance.now() - t0) * 1000) / N).toFixed(0),
  'µs, cpu',
  ((c.user + c.system) / N).toFixed(0),
  'µs',
);
const noop = async () => {};
const t1 = performance.now();
for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url: '/healthz' });
console.log('inject healthz', (((performance.now() - t1) * 1000) / N).toFixed(0), 'µs');
void noop;
await ours.close();
