import type { FastifyInstance } from 'fastify';
import { pingDb } from '../db/index';
import type { Deps } from '../deps';
import { accountStore } from '../features/accounts/store';
import { isLocale } from '../i18n/messages';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, setCookie } from './cookies';
import { isCrossSite } from './origin';

/** Health for the load balancer, and the home path's language switch. */
export function registerShellRoutes(
  app: FastifyInstance,
  { config, db, bus }: Pick<Deps, 'config' | 'db' | 'bus'>,
) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await Promise.all([pingDb(db), bus.ping()]);
      return { status: 'ready' };
    } catch (error) {
      return reply.status(503).send({ status: 'unavailable', reason: String(error) });
    }
  });

  // The home path with ?locale= switches the language (cookie and the member's stored locale).
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
