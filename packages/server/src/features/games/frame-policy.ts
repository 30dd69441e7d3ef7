import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { catalogueStore } from './catalogue-store';

/** A game's origin is looked up at most this often per instance. */
const ORIGIN_CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

/**
 * The container page's Content-Security-Policy (docs/games.md): `/games?gid=N` may frame only our
 * own pages (built-in games under BUILTIN_GAMES_PATH) and the registered https origin of game N.
 * Any other gid, or none, frames ours alone.
 */
export function registerGameFramePolicy(app: FastifyInstance, db: Db) {
  const catalogue = catalogueStore(db);
  const origins = new Map<number, { origin: string; at: number }>();

  async function originOf(gid: number): Promise<string> {
    const hit = origins.get(gid);
    if (hit && Date.now() - hit.at < ORIGIN_CACHE_MS) return hit.origin;
    const game = await catalogue.byId(gid);
    const origin =
      game && game.status !== 'retired' && /^https:\/\/[^\s;,'"]+$/.test(game.origin) ? game.origin : '';
    if (origins.size >= CACHE_MAX) origins.clear();
    origins.set(gid, { origin, at: Date.now() });
    return origin;
  }

  // A callback hook: every other answer passes at the cost of one string check, no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const [path, query = ''] = request.url.split('?', 2);
    const csp = reply.getHeader('content-security-policy');
    if ((path !== '/games' && path !== '/games/') || typeof csp !== 'string' || csp.includes('frame-src'))
      return done(null, payload);
    const gid = Number(new URLSearchParams(query).get('gid'));
    const lookup = Number.isSafeInteger(gid) && gid > 0 ? originOf(gid) : Promise.resolve('');
    lookup.then(
      (origin) => {
        reply.header('content-security-policy', `${csp}; frame-src 'self'${origin ? ` ${origin}` : ''}`);
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  });
}
