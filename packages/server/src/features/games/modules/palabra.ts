import { api } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import { bind } from '../../../http/contract-routes';
import { checkPalabraScore, palabraUseCases } from './palabra-play';
import * as rules from './palabra-rules';
import { palabraStore } from './palabra-store';
import type { GameModule, ModuleKit } from './types';

export const PALABRA_SLUG = 'palabra';
/** Its catalogue id: below 1000 (street wars keeps 1000), clear of the ids admins are given first. */
export const PALABRA_GID = 343;

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
  routes: (deps: Deps, kit: ModuleKit) => {
    const play = palabraUseCases(deps);
    const a = api.game;
    return [
      bind(a.palabraStart, async (p, ctx) => play.start((await kit.actor(ctx, p.gameId, p.token)).user)),
      bind(a.palabraGuess, async (p, ctx) =>
        play.guess((await kit.actor(ctx, p.gameId, p.token)).user, p.day, p.word),
      ),
      bind(a.palabraBoard, async (p, ctx) => {
        const { user } = await kit.actor(ctx, p.gameId, p.token);
        return play.board(user, p.type ?? 'global', p.day, p.page ?? 1, p.limit ?? 20);
      }),
    ];
  },
  catalogue: {
    gid: PALABRA_GID,
    name: 'La palabra del día',
    featured: true,
    description:
      'Adivina la palabra de cinco letras en seis intentos: la misma para todos, una nueva cada día. ' +
      'Pistas de colores, teclado con Ñ, clasificación del día y de tus amigos, y tu resultado para compartir. ' +
      '(English: guess the day’s five-letter Spanish word in six tries, with the game in English.)',
    icon: `/games-builtin/${PALABRA_SLUG}/icon.svg`,
    image: `/games-builtin/${PALABRA_SLUG}/cover.svg`,
    bigImage: `/games-builtin/${PALABRA_SLUG}/cover.svg`,
    playText: 'Jugar',
    leaderboardsIntegrated: true,
    scoreMin: 0,
    scoreMax: rules.PALABRA_SCORE_MAX,
    scoresPerMinute: 6,
    scoreFormat: 'number',
  },
};
