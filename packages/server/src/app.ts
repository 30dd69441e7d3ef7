import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { API_PREFIX, allEndpoints } from '@tertulia/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Config } from './config';
import { createDb, migrateToLatest } from './db/index';
import { memberWritesOf } from './db/member-writes';
import type { Deps } from './deps';
import { afterCommitServices } from './effects/wiring';
import { featureRoutes } from './feature-routes';
import { registerExportRoute } from './features/accounts/export';
import { registerLanguageSwitch } from './features/accounts/language-route';
import { intakeOf } from './features/admin/events';
import { registerEmoticonRoute } from './features/chat/emoticon-art';
import { chatUseCases } from './features/chat/use-cases';
import { registerEphemeralMediaRoutes } from './features/ephemeral/media-route';
import { ephemeralStore } from './features/ephemeral/store';
import { feedLog } from './features/feed/log';
import { registerGameFramePolicy } from './features/games/frame-policy';
import { memberGames } from './features/games/players';
import { registerGiftMediaRoutes } from './features/gifts/gift-video';
import { giftRoutes } from './features/gifts/routes';
import { registerStripeWebhook } from './features/gifts/stripe-webhook';
import { giftUseCases } from './features/gifts/use-cases';
import { registerLiveStream } from './features/live/stream/routes';
import { messagingUseCases } from './features/messaging/use-cases';
import { registerAudioRoute } from './features/messaging/voice';
import { notificationRoutes } from './features/notifications/routes';
import { peopleUseCases } from './features/people/use-cases';
import { photoImageAccess } from './features/photos/images';
import { vipSubscriptionUseCases } from './features/premium/use-cases';
import { rewardsRoutes } from './features/rewards/routes';
import { rewardsUseCases } from './features/rewards/use-cases';
import { sharingPages } from './features/sharing/routes';
import { noticeFromEvent } from './features/web-push/from-events';
import { subscriptionStore } from './features/web-push/store';
import type { UserRow } from './http/context';
import { registerContractRoutes } from './http/contract-routes';
import { installErrorHandler } from './http/errors-handler';
import { openApiDocument } from './http/openapi';
import { requestContext as context, localeOf, setLocaleCookie } from './http/request-context';
import { requestHook } from './http/request-hook';
import { RequestLines, requestIds } from './http/request-log';
import { loadSecret } from './http/secret';
import { sessionService } from './http/session';
import { registerShellRoutes } from './http/shell-routes';
import { serverTimeouts } from './http/timeouts';
import { registerWeb } from './http/web-routes';
import { startJobs } from './jobs';
import { createLedger } from './ledger/ledger';
import { localRateLimiter, redisRateLimiter, resilientRateLimiter } from './limits/rate-limiter';
import { createMailer } from './mail/mailer';
import { type HotCachedStore, shareRemovals } from './media/hot-cache';
import { setImageConcurrency } from './media/image-pool';
import { registerImageRoute } from './media/routes';
import { mediaStoreFor } from './media/storage';
import { createVideoPipeline } from './media/video/pipeline';
import { registerVideoRoute } from './media/video/serve';
import { meteredBus } from './metrics/metered-bus';
import { createMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/routes';
import { socialGraph } from './policy/graph';
import { type Bus, localBus, redisBus } from './push/bus';
import { createEffects } from './push/effects';
import { createHub } from './push/hub';
import { shareMemberChanges } from './push/member-changes';
import { localPresence, redisPresence, resilientPresence } from './push/presence';
import { pushSender } from './push/push-sender';
import { registerPushRoute } from './push/routes';
import { loadVapidKeys } from './push/vapid';
import { createWebPush } from './push/web-push';

declare module 'fastify' {
  interface FastifyRequest {
    member: UserRow | null;
  }
}

export interface BuildOptions {
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Tests: wraps the push bus, to make it fail as a network would (messaging/effects.test.ts). */
  wrapBus?: (bus: Bus) => Bus;
  /** Tests and the benchmark: how Web Push reaches their local push service (a TLS dispatcher). */
  pushDispatcher?: import('undici').Dispatcher;
}

/** JSON answers at least this large are compressed; smaller ones go out as they are (tools/bench). */
export const COMPRESS_THRESHOLD = 1024;

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const db = await createDb(config);
  await migrateToLatest(db);
  // Decodes are bounded per process (media/image-pool.ts), whichever app asked.
  setImageConcurrency(config.imageConcurrency);
  const prefix = config.redisPrefix;
  const opened: Bus = config.redisUrl ? await redisBus(config.redisUrl, `${prefix}push`) : localBus();
  // Prometheus figures (docs/metrics.md): the bus is metered for fan-out lag and reconnects.
  const metrics = createMetrics();
  const bus = meteredBus(options.wrapBus ? options.wrapBus(opened) : opened, metrics);
  // With Redis away, presence and limits fall back to this instance's own (docs/architecture.md, "Outages").
  const presence = bus.redis
    ? resilientPresence(redisPresence(bus.redis, () => Date.now(), `${prefix}presence:`))
    : localPresence();
  const limiter = bus.redis
    ? resilientRateLimiter(redisRateLimiter(bus.redis, `${prefix}rl:`))
    : localRateLimiter();
  const sessions = sessionService(db, config);
  // Sockets are tied to their session: one whose session ended or expired is closed (push/hub.ts).
  const hub = createHub(bus, presence, { liveSessions: (hashes) => sessions.liveHashes(hashes) });
  // Members with no socket anywhere hear of some events on their devices (push/web-push.ts).
  const vapid = loadVapidKeys(config);
  const webPush = createWebPush({
    publicKey: vapid.publicKey,
    store: subscriptionStore(db),
    sender: pushSender({
      keys: vapid,
      subject: config.push.subject,
      allowHttp: config.push.allowHttpEndpoints,
      allowPrivate: config.outboundAllowPrivate,
      dispatcher: options.pushDispatcher,
    }),
    presence,
    limiter,
    graph: socialGraph(db),
    concurrency: config.push.concurrency,
    limits: config.push,
    fromEvent: noticeFromEvent,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });
  // Pushes go out after commit through one dispatcher that retries while the bus is down (push/effects.ts).
  const effects = createEffects(hub, {
    onDrop: (reason, pending) => app.log.warn({ reason, pending }, 'push dropped'),
    observe: (userIds, event) => webPush.consider(userIds, event),
  });
  const log = {
    warn: (o: object, m: string) => app.log.warn(o, m),
    error: (o: object, m: string) => app.log.error(o, m),
  };
  const mailer = createMailer(config, { info: (o, m) => app.log.info(o, m) });
  // Writes with effects run as units of work; mail and Web Push leave through a durable outbox.
  const { outbox, unitOfWork } = afterCommitServices(db, config, { mailer, webPush, effects, log });
  // Every write to a member's row or sessions (db/member-writes.ts) drops them from the session
  // cache of every instance before the write's request answers (push/member-changes.ts).
  memberWritesOf(db).listen(shareMemberChanges(bus, sessions.cache, () => app.log));
  // A bucket's hot-photo cache hears of removals made by other instances (media/hot-cache.ts).
  const media = mediaStoreFor(config);
  if ('forget' in media) shareRemovals(media as HotCachedStore, bus);

  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new RequestLines(config.logLevel),
    genReqId: requestIds(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // A body that goes quiet, or dribbles past the deadline, loses its connection (docs/security.md).
    ...serverTimeouts(config.http),
  });
  app.decorateRequest('member', null);

  const deps: Deps = {
    config,
    db,
    bus,
    hub,
    unitOfWork,
    outbox,
    effects,
    presence,
    webPush,
    limiter,
    sessions,
    setLocaleCookie,
    mailer,
    secret: loadSecret(config),
    feedLog: feedLog(db, { error: (obj, msg) => app.log.error(obj, msg) }),
    video: createVideoPipeline(db, config, mediaStoreFor(config), log),
    ledger: createLedger(db, unitOfWork, metrics),
    profileGames: memberGames(db),
  };
  if (!deps.video.available) {
    app.log.warn(
      { ffmpeg: config.ffmpegPath, ffprobe: config.ffprobePath },
      'ffmpeg/ffprobe not found: video uploads (stories) are refused until they are installed',
    );
  }

  // Cookies are parsed only where they matter (API, push, language switch): see the onRequest hook.
  app.decorateRequest('cookies', null as never);
  await app.register(formbody);
  // Before the websocket plugin's own preClose, which closes sockets without a code: ours sends
  // the reconnect hint (1012) first.
  app.addHook('preClose', async () => hub.closeAll());
  installErrorHandler(app, localeOf);

  app.addHook('onRequest', requestHook(config.publicUrl, sessions));
  const metricsServer = registerMetrics(app, metrics, deps);

  // API answers compressed by Accept-Encoding (brotli, else gzip) from COMPRESS_THRESHOLD bytes on,
  // in a context of their own: static files come compressed from the build, and the push socket
  // and media (ranges, images) are not for it. Request bodies are not inflated.
  const gifts = giftUseCases(deps);
  const people = peopleUseCases(deps);
  // Rewards shows spins and contests in rooms and conversations; chat and messaging show its tags.
  const rewards = rewardsUseCases(deps, people, chatUseCases(deps, people), messagingUseCases(deps, people));
  const routes = [
    ...featureRoutes.flatMap((feature) => feature(deps)),
    ...giftRoutes(deps, gifts),
    ...rewardsRoutes(deps, rewards),
    ...notificationRoutes(deps, (viewer, rows) => people.present(viewer, rows)),
  ];
  await app.register(async (apiContext) => {
    await apiContext.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      customTypes: /^application\/json/,
      globalDecompression: false,
    });
    registerContractRoutes(apiContext, routes, context, path.join(config.dataDir, 'tmp', 'uploads'));
  });
  // The websocket plugin hooks every request of its context: it gets a child with the push route only.
  await app.register(async (child) => {
    await child.register(websocket, { options: { maxPayload: 64 * 1024 } });
    registerPushRoute(child, hub, config.publicUrl);
    registerLiveStream(child, deps, media);
  });
  registerImageRoute(app, deps, photoImageAccess(db));
  registerEmoticonRoute(app);
  registerGiftMediaRoutes(app, (id) => gifts.store.artOf(id), config.ffmpegPath);
  registerStripeWebhook(
    app,
    gifts.stripe,
    config.stripeWebhookSecret,
    gifts.payments,
    gifts.gold,
    vipSubscriptionUseCases(deps).stripeEvents,
  );
  registerAudioRoute(app, deps);
  registerExportRoute(app, deps);
  registerVideoRoute(app, mediaStoreFor(config), config.media.s3?.signedUrlSeconds);
  registerEphemeralMediaRoutes(app, deps, ephemeralStore(db), mediaStoreFor(config));
  await deps.video.queue.start();
  const stopJobs = startJobs(deps, rewards.settler, app.log);
  outbox.start();

  registerShellRoutes(app, deps);
  registerLanguageSwitch(app, deps);
  registerGameFramePolicy(app, db);

  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument(allEndpoints) as never },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  const shared = sharingPages(db);
  const renderedPages = config.webSsr && {
    ssrDir: config.webSsr,
    sources: {
      isMember: async (request: FastifyRequest) => (await sessions.resolve(request)) !== null,
      publicProfile: shared.publicProfile,
      // A member page's render reads as the member: their cookie, through every hook and rule.
      apiGet: async (request: FastifyRequest, pathAndQuery: string) => {
        const answer = await app.inject({
          method: 'GET',
          url: pathAndQuery,
          // The member's own address: limits counted per address count their page's reads.
          remoteAddress: request.ip,
          headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
        });
        return { status: answer.statusCode, body: answer.body };
      },
    },
  };
  await registerWeb(app, config.webDist, shared.withPreview, config.publicUrl, renderedPages || undefined);

  app.addHook('onClose', async () => {
    stopJobs();
    await intakeOf(db).close();
    await deps.video.queue.close();
    await outbox.close();
    await effects.close();
    await webPush.close();
    await bus.close();
    await db.destroy();
  });
  return { app, deps, routes, rewards, metricsServer };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
