import { GameKind } from '@tertulia/contract';
import sanitizeHtml from 'sanitize-html';
import { guardedFetch } from '../../net/guarded-fetch';
import type { GameRow } from './catalogue-store';

/** The presence answer read at most this long and this large (docs/games.md, "Presence HTML"). */
export const PRESENCE_TIMEOUT_MS = 2_000;
export const PRESENCE_MAX_BYTES = 32 * 1024;
/** Answers kept this long per game, member and language, so profiles do not wait on a game. */
const CACHE_MS = 5 * 60_000;
const CACHE_MAX = 5_000;

/** The container's route for a presence link: the game opens with the link's address as its params. */
const gameRoute = (gameId: number) => `/games?gid=${gameId}&source=profile_presence&gameParams=`;

/**
 * Sanitizes a game's presence HTML (spec section 5): no scripts or <link>s, only src, alt and
 * style attributes (and a few harmless style properties), images from https only, and every link
 * pointing at the game's own route with its original address as the game's params. Running it on
 * its own output changes nothing.
 */
export function sanitizePresence(html: string, gameId: number): string {
  const route = gameRoute(gameId);
  return sanitizeHtml(html, {
    allowedTags: ['a', 'b', 'i', 'em', 'strong', 'span', 'div', 'p', 'br', 'img', 'small', 'ul', 'li'],
    allowedAttributes: { '*': ['src', 'alt', 'style'], a: ['href'] },
    allowedSchemes: ['https'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,6}$/i, /^[a-z]+$/i],
        'background-color': [/^#[0-9a-f]{3,6}$/i, /^[a-z]+$/i],
        'font-weight': [/^(bold|normal|[1-9]00)$/],
        'font-size': [/^\d{1,2}(px|em|%)$/],
        'text-align': [/^(left|right|center)$/],
        width: [/^\d{1,3}(px|%)$/],
        height: [/^\d{1,3}(px|%)$/],
        margin: [/^[\d\s.px]{1,20}$/],
        padding: [/^[\d\s.px]{1,20}$/],
      },
    },
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        // Already ours (a second pass): kept, so sanitizing twice changes nothing.
        const rewritten = href.startsWith(route) ? href : `${route}${encodeURIComponent(href)}`;
        return { tagName, attribs: { href: rewritten } };
      },
    },
    // Links are all rewritten to our relative game route above; the scheme rule guards src.
    allowedSchemesAppliedToAttributes: ['src'],
  });
}

/**
 * Fetches an external game's presence HTML through the guarded fetch: only from the game's
 * registered https origin (no redirects away from it), never a private or loopback address,
 * within a deadline and a size cap. Any failure is an empty answer: a profile never waits on it.
 */
export function presenceFetcher(o: { allowPrivate: boolean; clock?: () => number }) {
  const cache = new Map<string, { at: number; html: string }>();
  const clock = o.clock ?? Date.now;

  return async (game: GameRow, q: { userId: number; locale: string }): Promise<string> => {
    if (game.kind !== GameKind.EXTERNAL || !game.presence_url) return '';
    const key = `${game.id}:${q.userId}:${q.locale}`;
    const hit = cache.get(key);
    if (hit && clock() - hit.at < CACHE_MS) return hit.html;
    let html = '';
    try {
      const url = new URL(game.presence_url);
      if (url.origin !== game.origin) return '';
      url.searchParams.set('userId', String(q.userId));
      url.searchParams.set('gameId', String(game.id));
      url.searchParams.set('locale', q.locale);
      const answer = await guardedFetch(url.href, {
        timeoutMs: PRESENCE_TIMEOUT_MS,
        maxBytes: PRESENCE_MAX_BYTES,
        maxRedirects: 0,
        allowPrivate: o.allowPrivate,
        headers: { accept: 'text/html' },
      });
      if (answer.status === 200) html = sanitizePresence(answer.body.toString('utf8'), game.id);
    } catch {
      // Refused, slow, too large or down: the profile shows the game without its presence.
    }
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, { at: clock(), html });
    return html;
  };
}
