import os from 'node:os';
import path from 'node:path';
import { PushLimits } from '@tertulia/contract';
import { checkPayments } from './config-payments';

/** The only reader of process.env: typed settings with defaults (see .env.example). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: SQLite at DATA_DIR/tertulia.db. postgres://...: PostgreSQL. */
  databaseUrl?: string;
  /** Unset: in-process bus and limits. redis://...: shared across instances. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel, so several deployments (or tests) can share one Redis. */
  redisPrefix: string;
  publicUrl?: string;
  logLevel: string;
  /** Built web app served by the API server; absent in API-only tests. */
  webDist?: string;
  /** The web's server render of the visitor pages (its SSR build); absent: every page is the plain shell. */
  webSsr?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  databaseSchema?: string;
  limits: RateLimits;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Signs links (secure link params); shared by every instance. Unset: a key kept in DATA_DIR. */
  secretKey?: string;
  /** smtp(s)://user:pass@host:port for verification mail. Unset: mail goes to DATA_DIR/outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** Members must verify before messaging (features read it). */
  requireVerification: boolean;
  /** The hourly birthday job (features/feed/log.ts); tests that do not want it switch it off. */
  birthdayJob: boolean;
  /** Transcodes running at once in this instance (VIDEO_CONCURRENCY; default half the cores, at least 1). */
  videoConcurrency: number;
  /** Image decodes running at once in this instance (IMAGE_CONCURRENCY; 0: half the cores, at least 1). */
  imageConcurrency: number;
  /** The ffmpeg and ffprobe commands (FFMPEG_PATH, FFPROBE_PATH; default from PATH). */
  ffmpegPath: string;
  ffprobePath: string;
  /** How often expired stories are swept (STORY_SWEEP_MS); 0 turns the sweeper off (tests). */
  storySweepMs: number;
  /** How often expired contests get their winners drawn (CONTEST_EXPIRY_MS); 0 turns the job off (tests). */
  contestExpiryMs: number;
  /** Stripe's secret key: set, gold is bought through Stripe Checkout; unset, the built-in test provider (charges nothing). */
  stripeSecretKey?: string;
  /** The signing secret of the Stripe webhook endpoint (whsec_...): deliveries without a valid signature are refused. */
  stripeWebhookSecret?: string;
  /** Share of browser script errors the web app reports (0 to 1; docs/analytics.md). */
  errorSampleRate: number;
  /** The web build's release name, stored with each event and script error. */
  release: string;
  /** Web Push (docs/web-push.md). */
  push: PushConfig;
  /** How long a client may take to send a request (docs/security.md, "Slow and oversized bodies"). */
  http: HttpTimeouts;
  /** Outbound requests may reach loopback and private addresses (OUTBOUND_ALLOW_PRIVATE): local test services only (net/guarded-fetch.ts). */
  outboundAllowPrivate: boolean;
  /** How often the mail and Web Push outbox looks for due rows (OUTBOX_POLL_MS; effects/outbox.ts). */
  outboxPollMs: number;
  /** PostgreSQL: how long opening a connection may take, and a query run (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS). */
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  /** Where media bytes live (docs/media-storage.md). */
  media: MediaConfig;
  /** The video path of live broadcasts (docs/live.md): LIVE_DROP_MS (10 s), LIVE_KEEP_MS (10 min). */
  liveStream: { dropMs: number; keepMs: number };
  /** Prometheus metrics (docs/metrics.md): off unless a token or a port is set. */
  metrics: MetricsConfig;
  /** Live broadcasts (docs/live.md): LIVE_ENABLED, LIVE_WHO (anyone|verified|vip), LIVE_MAX_VIEWERS (0: no cap). */
  live: { enabled: boolean; who: 'anyone' | 'verified' | 'vip'; maxViewers: number };
}

export interface HttpTimeouts {
  /** The whole request, headers and body (REQUEST_TIMEOUT_MS): a 100 MB video on a slow line fits. */
  requestTimeoutMs: number;
  /** The request's headers (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** A connection that sends and receives nothing this long is closed (IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** How often Node checks the two above (tests shorten it). */
  checkIntervalMs: number;
}

export interface MediaConfig {
  /** Set when MEDIA_STORE=s3: media go to that bucket instead of DATA_DIR/media. */
  s3?: S3Settings;
}

export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 itself; otherwise the service's URL (R2, MinIO, Ceph...). */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's usual credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO, most self-hosted services) rather than in the host name. */
  forcePathStyle: boolean;
  /** Prefix of every object name, so several deployments (or tests) can share a bucket. */
  prefix: string;
  /** Videos answer with a redirect to a signed URL valid this long; 0: the server streams them. */
  signedUrlSeconds: number;
  /** Memory for hot photos (originals and sizes) kept by each instance in front of the bucket; 0: none. */
  cacheBytes: number;
}

export interface MetricsConfig {
  /** Bearer token that /metrics on the main port asks for (METRICS_TOKEN). */
  token?: string;
  /** A separate port serving only /metrics, without a token (METRICS_PORT; keep it private). */
  port?: number;
}

export interface PushConfig {
  /** VAPID keys (base64url); unset: a pair generated once into DATA_DIR. Every instance needs the same pair. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** Contact the push services may use: a mailto: or https: URL. */
  subject: string;
  /** Accept http:// push endpoints (the local test push service only; never in production). */
  allowHttpEndpoints: boolean;
  /** Pushes being sent at once by one instance. */
  concurrency: number;
  /** Notifications per member per minute, and the quiet time per conversation (PushLimits; tests shorten them). */
  perMinute: number;
  collapseMs: number;
}

export interface RateLimits {
  /**
   * Failed logins in one window: for one name from one client address (LOGIN_LIMIT_PER_NAME),
   * and from one address for any names (LOGIN_LIMIT_PER_ADDRESS). Good logins don't count.
   */
  loginPerName: number;
  loginPerAddress: number;
  /** Each failure past the 5th for a name from one address waits this much longer (max 2 s). */
  loginSlowdownMs?: number;
  registerPerAddress: number;
  /** Lines a member may send per minute, into new and existing conversations alike (MESSAGE_LIMIT_PER_MINUTE). */
  messagesPerMinute?: number;
  windowMs: number;
}

export const defaultLimits: RateLimits = {
  loginPerName: 10,
  loginPerAddress: 50,
  loginSlowdownMs: 250,
  registerPerAddress: 20,
  messagesPerMinute: 60,
  windowMs: 10 * 60_000,
};

function liveWho(value: string | undefined): Config['live']['who'] {
  if (!value) return 'anyone';
  if (value === 'anyone' || value === 'verified' || value === 'vip') return value;
  throw new Error(`LIVE_WHO must be anyone, verified or vip, got "${value}"`);
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  checkPayments(env);
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'tertulia:',
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.join(root, 'packages/web/dist'),
    webSsr: path.join(root, 'packages/web/dist-ssr'),
    limits: {
      loginPerName: int(env.LOGIN_LIMIT_PER_NAME, defaultLimits.loginPerName, 'LOGIN_LIMIT_PER_NAME'),
      loginPerAddress: int(
        env.LOGIN_LIMIT_PER_ADDRESS,
        defaultLimits.loginPerAddress,
        'LOGIN_LIMIT_PER_ADDRESS',
      ),
      registerPerAddress: int(
        env.REGISTER_LIMIT_PER_ADDRESS,
        defaultLimits.registerPerAddress,
        'REGISTER_LIMIT_PER_ADDRESS',
      ),
      messagesPerMinute: int(
        env.MESSAGE_LIMIT_PER_MINUTE,
        defaultLimits.messagesPerMinute!,
        'MESSAGE_LIMIT_PER_MINUTE',
      ),
      windowMs: defaultLimits.windowMs,
    },
    requireVerification: env.REQUIRE_VERIFICATION === 'true',
    birthdayJob: env.BIRTHDAY_JOB !== 'false',
    videoConcurrency:
      int(env.VIDEO_CONCURRENCY, 0, 'VIDEO_CONCURRENCY') ||
      Math.max(1, Math.floor(os.availableParallelism() / 2)),
    imageConcurrency: int(env.IMAGE_CONCURRENCY, 0, 'IMAGE_CONCURRENCY'),
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    storySweepMs: int(env.STORY_SWEEP_MS, 60_000, 'STORY_SWEEP_MS'),
    contestExpiryMs: int(env.CONTEST_EXPIRY_MS, 30_000, 'CONTEST_EXPIRY_MS'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    errorSampleRate: rate(env.ERROR_SAMPLE_RATE, 0.1),
    release: env.RELEASE || 'dev',
    secretKey: env.SECRET_KEY || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Tertulia <no-reply@tertulia.local>',
    trustProxy: env.TRUST_PROXY === 'true',
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === 'true',
    http: {
      requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 300_000, 'REQUEST_TIMEOUT_MS') || 300_000,
      headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 10_000, 'HEADERS_TIMEOUT_MS') || 10_000,
      idleTimeoutMs: int(env.IDLE_TIMEOUT_MS, 30_000, 'IDLE_TIMEOUT_MS') || 30_000,
      checkIntervalMs: 5_000,
    },
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject:
        env.VAPID_SUBJECT ||
        (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:no-reply@tertulia.local'),
      allowHttpEndpoints: env.PUSH_ALLOW_HTTP === 'true',
      concurrency: int(env.PUSH_CONCURRENCY, 64, 'PUSH_CONCURRENCY') || 1,
      perMinute: PushLimits.PER_MINUTE,
      collapseMs: PushLimits.COLLAPSE_MS,
    },
    outboxPollMs: int(env.OUTBOX_POLL_MS, 5_000, 'OUTBOX_POLL_MS') || 5_000,
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 5_000, 'DB_CONNECT_TIMEOUT_MS') || 5_000,
    dbQueryTimeoutMs: int(env.DB_QUERY_TIMEOUT_MS, 30_000, 'DB_QUERY_TIMEOUT_MS') || 30_000,
    media: { s3: s3Settings(env) },
    live: {
      enabled: env.LIVE_ENABLED !== 'false',
      who: liveWho(env.LIVE_WHO),
      maxViewers: int(env.LIVE_MAX_VIEWERS, 0, 'LIVE_MAX_VIEWERS'),
    },
    liveStream: {
      dropMs: int(env.LIVE_DROP_MS, 10_000, 'LIVE_DROP_MS') || 10_000,
      keepMs: int(env.LIVE_KEEP_MS, 600_000, 'LIVE_KEEP_MS'),
    },
    metrics: {
      token: env.METRICS_TOKEN || undefined,
      port: env.METRICS_PORT ? int(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
    },
  };
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const store = env.MEDIA_STORE || 'disk';
  if (store === 'disk') return undefined;
  if (store !== 's3') throw new Error('MEDIA_STORE must be disk or s3');
  if (!env.S3_BUCKET) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
  const prefix = env.S3_PREFIX || '';
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix)) {
    throw new Error('S3_PREFIX must be path segments ending in "/", e.g. tertulia/');
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    prefix,
    signedUrlSeconds: int(env.S3_SIGNED_URL_SECONDS, 0, 'S3_SIGNED_URL_SECONDS'),
    cacheBytes: int(env.MEDIA_CACHE_MB, 64, 'MEDIA_CACHE_MB') * 1024 * 1024,
  };
}

/** A fraction from 0 to 1 (ERROR_SAMPLE_RATE); anything else is a configuration mistake. */
function rate(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new Error('ERROR_SAMPLE_RATE must be a number from 0 to 1');
  return n;
}
