import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type LocaleCode } from '../i18n/messages';
import type { RequestContext } from './context';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, parseCookies, setCookie } from './cookies';

/** The member's language: the language cookie, else the one stored on their account, else Spanish. */
export function localeOf(request: FastifyRequest): LocaleCode {
  // Static paths skip cookie parsing; their error pages still speak the visitor's language.
  request.cookies ??= parseCookies(request.headers.cookie);
  const fromCookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  const stored = request.member?.locale;
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** What a use case is told of the request: who calls (from the session only), in which language, from where. */
export const requestContext = (request: FastifyRequest, reply: FastifyReply): RequestContext => ({
  user: request.member,
  locale: localeOf(request),
  ip: request.ip,
  request,
  reply,
});

export function setLocaleCookie(ctx: RequestContext, locale: LocaleCode): void {
  setCookie(ctx.reply, LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S });
}
