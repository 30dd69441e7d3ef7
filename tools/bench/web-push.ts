import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { PushKind } from '@tertulia/contract';
import webpush from 'web-push';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { guardedAgent } from '../../packages/server/src/net/guarded-fetch';
import { startPushService } from '../../packages/server/tests/_push-service';
import { benchMembers, fmt, reportBench } from './_shared';

/**
 * Web Push throughput: one notice to SUBSCRIPTIONS members (one device each, no socket) through
 * deps.webPush.notify (presence, blocks, settings, rate limits, encryption, VAPID, HTTP), against
 * web-push's own sendNotification called bare for the same subscriptions, same payload size and
 * the same number in flight, both to the local test push service over HTTPS (a self-signed
 * certificate made with openssl). Pushes/s; the target is ours ≥ 0.8x bare.
 */
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const CONCURRENCY = 64;
const ROUNDS = 2;
const TARGET_RATIO = 0.8;

function selfSigned() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-bench-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const tls = {
    key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
  fs.rmSync(dir, { recursive: true, force: true });
  return tls;
}

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function main() {
  const tls = selfSigned();
  // The service does not decrypt here: it would share this process's CPU with both senders alike.
  const service = await startPushService({ tls, keep: false });
  const subs = Array.from({ length: SUBSCRIPTIONS }, () => service.subscription());
  // Our app as deployed (SQLite in a temp DATA_DIR), its push sender trusting the bench certificate.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-bench-'));
  const built = await buildApp(
    {
      ...loadConfig({}),
      dataDir,
      logLevel: 'warn',
      webDist: undefined,
      push: { ...loadConfig({}).push, concurrency: CONCURRENCY, perMinute: 1_000_000, collapseMs: 1 },
      outboundAllowPrivate: true,
    },
    { pushDispatcher: guardedAgent({ allowPrivate: true, tls: { ca: tls.cert }, connections: 32 }) },
  );
  const app = {
    ...built,
    close: async () => {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const { ids, cookies } = await benchMembers(app.deps.db, SUBSCRIPTIONS, 'wp');
  const now = Date.now();
  for (let i = 0; i < ids.length; i += 500) {
    await app.deps.db
      .insertInto('push_subscriptions')
      .values(
        ids.slice(i, i + 500).map((id, k) => ({
          user_id: id,
          session_hash: createHash('sha256')
            .update(cookies[i + k].split('=')[1])
            .digest('hex'),
          endpoint: subs[i + k].endpoint,
          p256dh: subs[i + k].p256dh,
          auth: subs[i + k].auth,
          created_at: now,
        })),
      )
      .execute();
  }
  const text = { title: 'Ana', body: 'Te envió un mensaje', preview: 'hola, ¿qué tal? '.repeat(4) };
  const vapid = webpush.generateVAPIDKeys();
  const payload = JSON.stringify({
    ...text,
    url: '/html/online/message-view.jsp?cid=1&u=1&type=1',
    tag: 'm1',
    kind: 'messages',
    lang: 'es',
    timestamp: now,
  });
  const bareAgent = new https.Agent({ keepAlive: true, ca: tls.cert, maxSockets: 32 });

  const bare = async () => {
    const start = performance.now();
    await pool(subs, CONCURRENCY, (sub) =>
      webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          vapidDetails: { subject: 'mailto:bench@tertulia.local', ...vapid },
          TTL: 86_400,
          topic: 'm1',
          urgency: 'high',
          agent: bareAgent,
        },
      ),
    );
    return SUBSCRIPTIONS / ((performance.now() - start) / 1000);
  };
  let round = 0;
  const ours = async () => {
    const before = service.count();
    const start = performance.now();
    app.deps.webPush.notify(ids, {
      kind: PushKind.MESSAGES,
      collapseKey: `m${++round}`,
      url: '/html/online/message-view.jsp?cid=1&u=1&type=1',
      text: { es: text, en: text },
    });
    await app.deps.webPush.settled();
    const sent = service.count() - before;
    if (sent !== SUBSCRIPTIONS) throw new Error(`ours delivered ${sent} of ${SUBSCRIPTIONS}`);
    return SUBSCRIPTIONS / ((performance.now() - start) / 1000);
  };

  await bare(); // warm both paths (JIT, connections)
  await ours();
  let bestBare = 0;
  let bestOurs = 0;
  for (let i = 0; i < ROUNDS; i++) {
    bestBare = Math.max(bestBare, await bare());
    bestOurs = Math.max(bestOurs, await ours());
  }
  const ratio = bestOurs / bestBare;
  console.log(
    `web push to ${fmt(SUBSCRIPTIONS)} subscriptions, ${CONCURRENCY} in flight, best of ${ROUNDS}:`,
  );
  console.log(`  bare web-push sendNotification: ${fmt(bestBare)} pushes/s`);
  console.log(`  ours (deps.webPush.notify):     ${fmt(bestOurs)} pushes/s`);
  console.log(
    `  ratio ${fmt(ratio, 2)} (target ≥ ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`,
  );
  reportBench([
    {
      figure: 'Web Push pushes/s',
      value: bestOurs,
      reference: bestBare,
      unit: '/s',
      ratio,
      target: { op: '>=', value: TARGET_RATIO },
    },
  ]);
  bareAgent.destroy();
  await app.close();
  await service.close();
}

await main();
