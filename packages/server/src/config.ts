import os from 'node:os';
import path from 'node:path';
import { PushLimits } from '@tertulia/contract';

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
  /** Outbound requests may reach loopback and private addresses (OUTBOUND_ALLOW_PRIVATE): local test services only (net/guarded-fetch.ts). */
  outboundAllowPrivate: boolean;
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
  windowMs: number;
}

export const defaultLimits: RateLimits = {
  loginPerName: 10,
  loginPerAddress: 50,
  loginSlowdownMs: 250,
  registerPerAddress: 20,
  windowMs: 10 * 60_000,
};

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
      windowMs: defaultLimits.windowMs,
    },
    requireVerification: env.REQUIRE_VERIFICATION === 'true',
    birthdayJob: env.BIRTHDAY_JOB !== 'false',
    videoConcurrency:
      int(env.VIDEO_CONCURRENCY, 0, 'VIDEO_CONCURRENCY') ||
      Math.max(1, Math.floor(os.availableParallelism() / 2)),
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
