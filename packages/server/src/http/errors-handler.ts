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
    const apiError = error instanceof ApiError ? error : fromFastify(error);
    if (apiError) {
      if (apiError.kind === 'ApiRateLimitException') {
        reply.header('retry-after', String(apiError.details.retryAfterSeconds ?? 60));
      }
      return reply.status(apiError.status).send(apiError.toBody(locale, callOf(request.url)));
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
