import { api, GameKind } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { bind } from '../../../http/contract-routes';
import { notFound } from '../../../http/errors';
import { catalogueStore } from '../catalogue-store';
import { playerStore } from '../player-store';
import { gameTokens } from '../tokens';
import { checkPalabraScore, palabraUseCases } from './palabra-play';
import * as rules from './palabra-rules';
import { palabraStore } from './palabra-store';
import type { GameModule } from './types';

export const PALABRA_SLUG = 'palabra';

/**
 * "La palabra del día"'s server side (docs/games-palabra.md): the day's word stays here, each guess
 * is a call of its own answered with its hints, and a score counts only as the result the server
 * replayed from the stored guesses.
 */
export const palabraModule: GameModule = {
  slug: PALABRA_SLUG,
  rules: {
    hintsFor: rules.hintsFor,
    replayPalabra: rules.replayPalabra,
    isPossiblePalabraScore: rules.isPossiblePalabraScore,
  },
  checkScore: ({ userId, score }, { db }) => checkPalabraScore(db, userId, score, Date.now()),
  createStore: palabraStore,
  routes: (deps: Deps) => {
    const players = playerStore(deps.db);
    const tokens = gameTokens(deps, catalogueStore(deps.db), (id) => players.member(id));
    const play = palabraUseCases(deps);
    /** The token's member, for this game only: another game's token never plays this one. */
    const player = async (ctx: RequestContext, gameId: number, token?: string) => {
      const { user, game } = await tokens.actor(ctx, gameId, token);
      if (game.kind !== GameKind.BUILTIN || game.slug !== PALABRA_SLUG) throw notFound('games.notFound');
      return user;
    };
    const a = api.game;
    return [
      bind(a.startPalabra, async (p, ctx) => play.start(await player(ctx, p.gameId, p.token))),
      bind(a.guessPalabra, async (p, ctx) => play.guess(await player(ctx, p.gameId, p.token), p.day, p.word)),
      bind(a.getPalabraBoard, async (p, ctx) => {
        const viewer = await player(ctx, p.gameId, p.token);
        return play.board(viewer, p.type ?? 'global', p.day, p.page ?? 1, p.limit ?? 20);
      }),
    ];
  },
};
