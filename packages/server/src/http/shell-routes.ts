import type { FastifyInstance } from 'fastify';
import { pingDb } from '../db/index';
import type { Deps } from '../deps';

/** Health for the load balancer (the home path's language switch: features/accounts/language-route.ts). */
export function registerShellRoutes(app: FastifyInstance, { db, bus }: Pick<Deps, 'db' | 'bus'>) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await Promise.all([pingDb(db), bus.ping()]);
      return { status: 'ready' };
    } catch (error) {
      return reply.status(503).send({ status: 'unavailable', reason: String(error) });
    }
  });
}
