import { describe, expect, it } from 'vitest';
import { builtinSlug, frameSrc, gamesQuery, moduleEndpoint, playLabel } from './rules';

const ORIGIN = 'https://tertulia.example';

describe('playLabel (spec: over 7 characters cut to 6)', () => {
  it('keeps up to 7 characters and cuts longer ones to 6', () => {
    expect(playLabel('Jugar')).toBe('Jugar');
    expect(playLabel('Ajedrez')).toBe('Ajedrez');
    expect(playLabel('Street Wars')).toBe('Street');
    expect(playLabel('Dominós!')).toBe('Dominó');
    expect(playLabel('⭐⭐⭐⭐⭐⭐⭐⭐')).toBe('⭐⭐⭐⭐⭐⭐');
  });
});

describe('frameSrc', () => {
  it('opens a built-in game under our static path, a path inside its folder, and gameParams', () => {
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN)).toBe(
      `${ORIGIN}/games-builtin/example/index.html`,
    );
    expect(frameSrc('/games-builtin/example/', ORIGIN)).toBe(`${ORIGIN}/games-builtin/example/index.html`);
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN, { path: 'level.html?n=2' })).toBe(
      `${ORIGIN}/games-builtin/example/level.html?n=2`,
    );
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN, { gameParams: 'room=5&x' })).toBe(
      `${ORIGIN}/games-builtin/example/index.html?gameParams=room%3D5%26x`,
    );
  });

  it('never leaves the game: other origins, other folders of ours, javascript: are ignored', () => {
    const start = `${ORIGIN}/games-builtin/example/index.html`;
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN, { path: 'https://evil.example/x' })).toBe(
      start,
    );
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN, { path: '/html/settings.jsp' })).toBe(start);
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN, { path: '../other/index.html' })).toBe(
      start,
    );
    expect(frameSrc('/games-builtin/example/index.html', ORIGIN, { path: 'javascript:alert(1)' })).toBe(
      start,
    );
    expect(frameSrc('https://studio.example/play', ORIGIN, { path: '//evil.example/' })).toBe(
      'https://studio.example/play',
    );
  });

  it('refuses what is not a game: our pages, plain http, other schemes', () => {
    expect(frameSrc('/html/settings.jsp', ORIGIN)).toBeUndefined();
    expect(frameSrc('http://studio.example/play', ORIGIN)).toBeUndefined();
    expect(frameSrc('javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(frameSrc('data:text/html,hi', ORIGIN)).toBeUndefined();
  });
});

describe('gamesQuery', () => {
  it('reads the game, its path and how it was opened', () => {
    expect(gamesQuery(new URLSearchParams('gid=1000&url=%2Fmap'))).toEqual({
      gid: 1000,
      path: '/map',
      source: null,
      gameParams: null,
      autoplay: true,
    });
    expect(gamesQuery(new URLSearchParams('gid=7&source=profile_presence&gameParams=a'))).toMatchObject({
      gid: 7,
      autoplay: true,
      gameParams: 'a',
    });
    expect(gamesQuery(new URLSearchParams('gid=7'))).toMatchObject({ gid: 7, autoplay: false });
    expect(gamesQuery(new URLSearchParams('gid=-1'))).toMatchObject({ gid: undefined });
    expect(gamesQuery(new URLSearchParams(''))).toMatchObject({ gid: undefined });
  });
});

describe('presencePath', () => {
  it('is the spec’s profile-presence link, with the status url as gameParams', async () => {
    const { presencePath } = await import('./rules');
    expect(presencePath(7, 'level=3&x=1')).toBe(
      '/games?gid=7&source=profile_presence&gameParams=level%3D3%26x%3D1',
    );
    expect(presencePath(7)).toBe('/games?gid=7&source=profile_presence');
  });
});

describe('needsFreshDocument (the CSP frames a game’s origin only on a page loaded for it)', () => {
  it('reloads for an external game unless the page was loaded at /games?gid= of that game', async () => {
    const { needsFreshDocument } = await import('./rules');
    const studio = 'https://studio.example/play';
    expect(needsFreshDocument(studio, 7, `${ORIGIN}/html/index.jsp`, ORIGIN)).toBe(true);
    expect(needsFreshDocument(studio, 7, `${ORIGIN}/games?gid=8`, ORIGIN)).toBe(true);
    expect(needsFreshDocument(studio, 7, `${ORIGIN}/games?gid=7&play=1`, ORIGIN)).toBe(false);
    expect(
      needsFreshDocument(`${ORIGIN}/games-builtin/example/index.html`, 7, `${ORIGIN}/html/index.jsp`, ORIGIN),
    ).toBe(false);
  });
});

describe('moduleEndpoint (a frame reaches only its own module’s calls)', () => {
  const calls = {
    cuatroMove: { auth: 'game' },
    cuatroSecret: { auth: 'member' },
    callesAttack: { auth: 'game' },
    submitScore: { auth: 'game' },
  };
  const cuatro = { url: '/games-builtin/cuatro/' };
  it('names the slug from a built-in game’s address only', () => {
    expect(builtinSlug(cuatro)).toBe('cuatro');
    expect(builtinSlug({ url: 'https://estudio.example.org/games-builtin/cuatro/' })).toBeUndefined();
    expect(builtinSlug({})).toBeUndefined();
  });
  it('answers the game’s own game-token calls, nothing else', () => {
    expect(moduleEndpoint(cuatro, 'cuatroMove', calls)).toBe(calls.cuatroMove);
    expect(moduleEndpoint(cuatro, 'cuatroSecret', calls)).toBeUndefined(); // not a game-token call
    expect(moduleEndpoint(cuatro, 'callesAttack', calls)).toBeUndefined(); // another game's
    expect(moduleEndpoint(cuatro, 'submitScore', calls)).toBeUndefined(); // the platform's own, through its method
    expect(moduleEndpoint(cuatro, 'cuatroNope', calls)).toBeUndefined();
    expect(moduleEndpoint(cuatro, 'constructor', calls as never)).toBeUndefined();
    expect(moduleEndpoint({ url: 'https://x.example.org/' }, 'cuatroMove', calls)).toBeUndefined();
  });
});
