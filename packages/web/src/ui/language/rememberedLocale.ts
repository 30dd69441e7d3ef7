import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../i18n/i18n';
import { CACHE_MAX_TTL_MS, type ClientCache, clientCache } from '../cache/clientCache';

/** The member's language, kept in the client cache for the longest it allows (30 days). */
export const LOCALE_KEY = 'member.locale';

type LocaleCache = Pick<ClientCache, 'get' | 'set'>;

function asLocale(value: unknown): Locale | undefined {
  const code = typeof value === 'string' ? value.slice(0, 2).toLowerCase() : '';
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : undefined;
}

function cookieLocale(cookie: string): Locale | undefined {
  const match = /(?:^|;\s*)locale=([^;]*)/.exec(cookie);
  return match ? asLocale(decodeURIComponent(match[1])) : undefined;
}

/** Remembers the member's language (their stored one after login, or one they just chose). */
export function rememberLocale(locale: string | undefined, cache: LocaleCache = clientCache): void {
  const known = asLocale(locale);
  if (known) cache.set(LOCALE_KEY, known, CACHE_MAX_TTL_MS);
}

/**
 * The language of the first paint: the `locale` cookie when the server set one (a language just
 * chosen, which the cache then follows), else the member's remembered language, else Spanish.
 */
export function startupLocale(cookie: string, cache: LocaleCache = clientCache): Locale {
  const fromCookie = cookieLocale(cookie);
  if (fromCookie) {
    rememberLocale(fromCookie, cache);
    return fromCookie;
  }
  return asLocale(cache.get(LOCALE_KEY)) ?? DEFAULT_LOCALE;
}
