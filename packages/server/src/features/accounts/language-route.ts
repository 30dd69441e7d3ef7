import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, setCookie } from '../../http/cookies';
import { isCrossSite } from '../../http/origin';
import { isLocale } from '../../i18n/messages';
import { accountStore } from './store';

/**
 * The home path's language switch: `/?locale=en` sets the language cookie and, for a member,
 * the stored locale. Lives with accounts (it writes the member's row), not in http/, which
 * imports no feature (docs/architecture.md).
 */
export function registerLanguageSwitch(app: FastifyInstance, { config, db }: Pick<Deps, 'config' | 'db'>) {
  app.get('/', async (request, reply) => {
    const { locale } = request.query as { locale?: string };
    // Another site's link lands on the home page in the visitor's own language.
    if (isLocale(locale) && !isCrossSite(request, config.publicUrl)) {
      setCookie(reply, LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S });
      if (request.member) await accountStore(db).setLocale(request.member.id, locale);
    }
    return reply.redirect('/html/index.jsp');
  });
}
