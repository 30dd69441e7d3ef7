import { api } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import { bind } from '../../../http/contract-routes';
import { cuatroUseCases } from './cuatro-matches';
import * as rules from './cuatro-rules';
import { cuatroStore } from './cuatro-store';
import type { GameModule } from './types';

export const CUATRO_SLUG = 'cuatro';
/** Its catalogue number (a free one below 1000; the example is 1, street wars 1000). */
export const CUATRO_GID = 42;

/**
 * Cuatro en raya, a live game for two (docs/cuatro.md): the rules are shared with the client; the
 * matches, their clocks and who may watch are the server's; every call carries the game token.
 */
export const cuatroModule: GameModule<rules.Position, { column: number }> = {
  slug: CUATRO_SLUG,
  rules: { drop: rules.drop, replay: rules.replay } as GameModule['rules'],
  initialState: rules.emptyPosition,
  applyMove: (state, move) => {
    const next = rules.drop(state, move.column);
    return typeof next === 'string' ? { refused: next } : { state: next };
  },
  createStore: (db) => cuatroStore(db),
  catalogue: {
    gid: CUATRO_GID,
    name: 'Cuatro en raya',
    description:
      'Reta a tus amigos a partidas en vivo de cuatro en raya, con reloj, revancha y la sala del juego al lado. Four in a row: live matches against your friends, with clocks and rematches.',
    icon: '/games-builtin/cuatro/icon.svg',
    image: '/games-builtin/cuatro/image.svg',
    playText: 'Jugar',
    featured: true,
    leaderboardsIntegrated: false,
  },
  routes: (deps: Deps, tokens) => {
    const c = cuatroUseCases(deps);
    const a = api.game;
    return [
      bind(a.cuatroMatches, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.lobby(user, game);
      }),
      bind(a.cuatroMatch, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.match(user, game, p.matchId);
      }),
      bind(a.cuatroChallenge, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.challenge(user, game, p.opponentId);
      }),
      bind(a.cuatroAnswer, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.answer(user, game, p.matchId, p.accept);
      }),
      bind(a.cuatroMove, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.move(user, game, p.matchId, p.column, p.version);
      }),
      bind(a.cuatroResign, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.resign(user, game, p.matchId);
      }),
      bind(a.cuatroRematch, async (p, ctx) => {
        const { user, game } = await tokens.actor(ctx, p.gameId, p.token);
        return c.rematch(user, game, p.matchId);
      }),
    ];
  },
};
