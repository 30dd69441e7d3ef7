import { DEFAULT_ERROR_TEXT } from '@tertulia/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { type LocaleCode, translate } from '../i18n/messages';
import { ApiError, invalid, notFound } from './errors';
import { logFailure } from './request-log';

/** Fastify's own client errors (bad JSON, too large, wrong type) in our envelope. */
function fromFastify(error: FastifyError): ApiError | undefined {
  if (
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.statusCode === 413
  ) {
    return new ApiError('ApiPayloadTooLargeException', 'payload.tooLarge');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return invalid('body');
  return undefined;
}

/**
 * A database driver refusing a value the client sent: a number out of range (SQLite's RangeError,
 * PostgreSQL's data exceptions, class 22: 22003 out of range, 22P02 bad syntax, 22021 NUL byte...).
 * Anything else from the driver is ours and stays a 500.
 */
function fromDriver(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown }).code;
  const inputCaused =
    error instanceof RangeError ||
    (typeof code === 'string' &&
      (/^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH'));
  return inputCaused ? invalid('params', 'validation.badInput') : undefined;
}

/** How long a client waits before retrying while the database is away (seconds). */
export const OUTAGE_RETRY_AFTER_S = 5;

// The database unreachable or restarting: refused or dropped connections, pool and query timeouts,
// PostgreSQL's shutdown and "cannot connect now" (57P01-57P03) and connection exceptions (08xxx).
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const OUTAGE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended/i;

/**
 * The database away (docs/architecture.md, "Outages"): 503 with a Retry-After, never a 500 and
 * never a hang (the pool's timeouts bound the wait, db/index.ts).
 */
export function isOutage(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && (OUTAGE_CODES.has(code) || /^57P0[123]$|^08[0-9A-Z]{3}$/.test(code)))
    return true;
  return OUTAGE_TEXT.test(String((error as { message?: unknown })?.message ?? ''));
}

const CALL_PATH = /^\/servlet\/api\/(\w+)\/(\w+)\.do/;

/** "area.call" of an API request, for field labels meant for one call. */
function callOf(url: string): string | undefined {
  const match = CALL_PATH.exec(url);
  return match ? `${match[1]}.${match[2]}` : undefined;
}

/** One handler turns everything thrown into the envelope, in the member's language. */
export function installErrorHandler(app: FastifyInstance, localeOf: (request: FastifyRequest) => LocaleCode) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
    const apiError = error instanceof ApiError ? error : (fromFastify(error) ?? fromDriver(error));
    if (apiError) {
      if (!(error instanceof ApiError) && apiError.status === 400 && !error.statusCode) {
        request.log.warn({ err: error }, 'input refused by the database');
      }
      if (apiError.kind === 'ApiRateLimitException') {
        reply.header('retry-after', String(apiError.details.retryAfterSeconds ?? 60));
      }
      return reply.status(apiError.status).send(apiError.toBody(locale, callOf(request.url)));
    }
    if (isOutage(error)) {
      request.log.warn({ err: error }, 'database unreachable: answered 503');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
      return reply
        .status(503)
        .send({ message: translate(locale, 'error.unavailable'), ApiUnavailableException: {} });
    }
    logFailure(request, error);
    const message = locale === 'es' ? DEFAULT_ERROR_TEXT : translate(locale, 'error.default');
    return reply.status(500).send({ message, ApiInternalException: {} });
  });

  app.setNotFoundHandler((request, reply) => {
    const error = notFound();
    return reply.status(404).send(error.toBody(localeOf(request)));
  });
}
