import { BUILTIN_GAMES_PATH } from '@tertulia/contract';

/**
 * The games pages' small rules, pure so they are tested alone (docs/games-container.md).
 */

/** Spec section 5: a play button's text over 7 characters is cut to 6. */
export function playLabel(text: string): string {
  const chars = [...text];
  return chars.length > 7 ? chars.slice(0, 6).join('') : text;
}

/** Built-in games live under our own static path; the page frames nothing else of ours. */
export const BUILT_IN_PREFIX = `${BUILTIN_GAMES_PATH}/`;

/** A built-in game's folder name (its module's slug), from its registered address; else undefined. */
export function builtinSlug(game: { url?: string }): string | undefined {
  const url = game.url ?? '';
  if (!url.startsWith(BUILT_IN_PREFIX)) return undefined;
  return /^([a-z0-9-]+)\//.exec(url.slice(BUILT_IN_PREFIX.length))?.[1];
}

/**
 * The call a game's frame may make through `sdk.call(name)`: one of its own module's calls
 * (`<slug>Action` with the game-token rule, docs/games.md "Game modules"), else undefined. An
 * external game, or a name outside its module, reaches nothing.
 */
export function moduleEndpoint<E extends { auth: string }>(
  game: { url?: string },
  name: string,
  calls: Record<string, E | undefined>,
): E | undefined {
  const slug = builtinSlug(game);
  const endpoint = Object.hasOwn(calls, name) ? calls[name] : undefined;
  return slug && name.startsWith(slug) && endpoint?.auth === 'game' ? endpoint : undefined;
}

/**
 * The address the frame opens: the game's registered address, or `path` inside it (the `url`
 * parameter of /games?gid=&url=), plus the profile link's `gameParams`. A path that leaves the
 * game's origin (or, for a built-in game, its folder) is ignored: a link can't frame anything else.
 */
export function frameSrc(
  gameUrl: string,
  pageOrigin: string,
  options: { path?: string | null; gameParams?: string | null } = {},
): string | undefined {
  let base: URL;
  try {
    base = new URL(gameUrl, pageOrigin);
  } catch {
    return undefined;
  }
  const builtIn = base.origin === pageOrigin;
  if (builtIn ? !base.pathname.startsWith(BUILT_IN_PREFIX) : base.protocol !== 'https:') return undefined;
  // A built-in game's folder: its start page (our static files have no directory index).
  if (builtIn && base.pathname.endsWith('/')) base.pathname += 'index.html';
  let target = base;
  if (options.path) {
    try {
      const inside = new URL(options.path, base);
      const folder = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
      if (inside.origin === base.origin && (!builtIn || inside.pathname.startsWith(folder))) target = inside;
    } catch {
      // a malformed path opens the game's start page
    }
  }
  if (options.gameParams) target.searchParams.set('gameParams', options.gameParams);
  return target.href;
}

/** How `/games` reads its address: a game (`gid`), how it was opened, and what to pass it. */
export function gamesQuery(search: URLSearchParams) {
  const gid = Number(search.get('gid'));
  return {
    gid: Number.isSafeInteger(gid) && gid > 0 ? gid : undefined,
    path: search.get('url'),
    source: search.get('source'),
    gameParams: search.get('gameParams'),
    /** A link into the game itself (a notice's url, a profile's presence) starts it at once. */
    autoplay: search.has('url') || search.get('source') === 'profile_presence' || search.get('play') === '1',
  };
}

/** A profile's link into a game (spec: /games?gid={id}&source=profile_presence&gameParams={value}). */
export function presencePath(gid: number, gameParams?: string): string {
  const query = new URLSearchParams({ gid: String(gid), source: 'profile_presence' });
  if (gameParams) query.set('gameParams', gameParams);
  return `/games?${query}`;
}

/**
 * Whether the page must load afresh before framing this game: the server's CSP lets a page
 * loaded at /games?gid=N frame game N's registered origin only (features/games/frame-policy.ts),
 * and a page reached by in-app navigation keeps the policy of the address it was loaded at.
 * Built-in games are ours and frame anywhere.
 */
export function needsFreshDocument(
  frameUrl: string,
  gid: number,
  documentUrl: string,
  pageOrigin: string,
): boolean {
  if (new URL(frameUrl, pageOrigin).origin === pageOrigin) return false;
  const loaded = new URL(documentUrl, pageOrigin);
  return loaded.pathname !== '/games' || Number(loaded.searchParams.get('gid')) !== gid;
}

/** The address this document was loaded at (in-app navigation changes location, not this). */
export function documentUrl(): string {
  const entry = performance.getEntriesByType?.('navigation')[0];
  return entry?.name || window.location.href;
}
