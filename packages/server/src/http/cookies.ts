import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Parsed by the app's onRequest hook for the paths that read cookies (app.ts). */
    cookies: Record<string, string | undefined>;
  }
}

/**
 * Cookies with the `cookie` package directly. (@fastify/cookie ran an onSend hook on every
 * response to write the cookies a few calls set: a tenth of a small call's server time.)
 */
export function parseCookies(header: string | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions): void {
  reply.header('set-cookie', stringifySetCookie({ sameSite: 'lax', ...options, name, value }));
}

/** Ends a cookie in the browser (expired, empty). */
export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions = {}): void {
  setCookie(reply, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}

/** The language cookie: not HttpOnly, the web app reads it to start in the member's language. */
export const LOCALE_COOKIE = 'locale';
/** How long the language cookie lasts, in seconds. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
