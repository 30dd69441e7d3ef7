import type { Config } from './config';
import type { Db } from './db/index';
import type { RequestContext } from './http/context';
import type { SessionService } from './http/session';
import type { LocaleCode } from './i18n/messages';
import type { RateLimiter } from './limits/rate-limiter';
import type { Mailer } from './mail/mailer';
import type { Bus } from './push/bus';
import type { Effects } from './push/effects';
import type { Hub } from './push/hub';
import type { Presence } from './push/presence';

/** The platform services every feature is built from; app.ts wires them once. */
export interface Deps {
  config: Config;
  db: Db;
  bus: Bus;
  hub: Hub;
  /** Pushes after commit: never throws, retried while the bus is down (push/effects.ts). */
  effects: Effects;
  presence: Presence;
  limiter: RateLimiter;
  sessions: SessionService;
  setLocaleCookie: (ctx: RequestContext, locale: LocaleCode) => void;
  mailer: Mailer;
  /** Signs links; see http/secret.ts. */
  secret: string;
}
