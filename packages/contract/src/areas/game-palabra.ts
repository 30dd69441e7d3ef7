import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { LeaderboardItem } from '../entities/games';
import { Id, Int } from '../params';

/**
 * "La palabra del día" (slug `palabra`, docs/games-palabra.md): the built-in word game's own calls,
 * named `palabra...` so only its frame makes them (`sdk.call`), with the member's session and game
 * token. The server keeps the day's word, answers each guess's hints and computes the score.
 */
const GameId = () => Id('the game (gid)');
const Token = Type.Optional(
  Type.String({ maxLength: 100, description: 'the game token (or the Authorization: Bearer header)' }),
);
const Day = () => Int(0, 1_000_000, { description: 'the UTC day (days since 1970-01-01)' });
const PalabraHint = Type.Union([Type.Literal('correct'), Type.Literal('present'), Type.Literal('absent')]);

/** Not exported as a value: every value export of an area file is an endpoint. */
const PalabraGame = Type.Object(
  {
    day: Type.Integer({ description: 'the UTC day whose word this game guesses' }),
    startedAt: Type.Integer(),
    guesses: Type.Array(
      Type.Object({ word: Type.String(), hints: Type.Array(PalabraHint), at: Type.Integer() }),
    ),
    maxTries: Type.Integer(),
    finished: Type.Boolean(),
    solved: Type.Boolean(),
    score: Type.Integer({ description: 'computed on the server from the guesses and their times' }),
    playMs: Type.Integer({ description: 'play time as the server counts it (each gap capped)' }),
    serverNow: Type.Integer({
      description: 'the server’s clock when it answered, so the frame’s clock can follow it',
    }),
    answer: Type.Optional(Type.String({ description: 'the day’s word, once the game is finished' })),
  },
  { title: 'PalabraGame' },
);
export type PalabraGame = Static<typeof PalabraGame>;

export const palabraStart = endpoint({
  area: 'game',
  call: 'palabraStart',
  method: 'POST',
  summary:
    'Ours (La palabra del día): the member’s game of today’s word, started now if new (one a day); the clock runs from the start',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ gameId: GameId(), token: Token }),
  result: { name: 'PalabraGame', schema: PalabraGame },
});

export const palabraGuess = endpoint({
  area: 'game',
  call: 'palabraGuess',
  method: 'POST',
  summary:
    'Ours (La palabra del día): a guess of the day’s word; answers the hints. A word outside the list, a finished game or a guess too soon: refused, nothing stored',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiConflictException', 'ApiRateLimitException'],
  params: Type.Object({
    gameId: GameId(),
    day: Day(),
    word: Type.String({ maxLength: 20, description: 'five letters; accents are ignored, ñ is a letter' }),
    token: Token,
  }),
  result: { name: 'PalabraGame', schema: PalabraGame },
});

export const palabraBoard = endpoint({
  area: 'game',
  call: 'palabraBoard',
  method: 'GET',
  summary:
    'Ours (La palabra del día): a day’s board (today by default), everyone or the caller’s friends and the caller; best first, ties to the earlier finish',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  list: { defaultLimit: 20 },
  params: Type.Object({
    gameId: GameId(),
    type: Type.Optional(Type.Union([Type.Literal('global'), Type.Literal('friends')])),
    day: Type.Optional(Day()),
    token: Token,
  }),
  result: { name: 'LeaderboardItem', schema: LeaderboardItem },
});
