import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { CuatroLobby, CuatroMatch } from '../entities/cuatro';
import { Id, Int } from '../params';

/**
 * Cuatro en raya's own calls (a built-in game's module, docs/cuatro.md). Each carries the game
 * token (auth `game`), so only the game's frame, through the host page, or the game's own server
 * calls them; the member comes from the token and the session, never from a param.
 */
const GameId = () => Id('the game (gid)');
const Token = Type.Optional(Type.String({ maxLength: 100, description: 'the game token' }));
const MatchId = () => Id('the match');

const result = { name: 'CuatroMatch', schema: CuatroMatch };

export const cuatroMatches = endpoint({
  area: 'game',
  call: 'cuatroMatches',
  method: 'GET',
  summary:
    'Cuatro en raya: the caller’s invitations, running and recent matches, and open challenges in the game’s room',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ gameId: GameId(), token: Token }),
  result: { name: 'CuatroLobby', schema: CuatroLobby },
});

export const cuatroMatch = endpoint({
  area: 'game',
  call: 'cuatroMatch',
  method: 'GET',
  summary:
    'Cuatro en raya: one match for a player or a spectator (a friend of either player), who then receives its moves for a few minutes; a fallen flag ends the match here',
  auth: 'game',
  changesState: true,
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ gameId: GameId(), matchId: MatchId(), token: Token }),
  result,
});

export const cuatroChallenge = endpoint({
  area: 'game',
  call: 'cuatroChallenge',
  method: 'POST',
  summary:
    'Cuatro en raya: invites a friend to a match (opponentId), or opens a challenge anyone in the game’s room may take; the caller plays red',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiRateLimitException', 'ApiConflictException'],
  params: Type.Object({ gameId: GameId(), opponentId: Type.Optional(Id()), token: Token }),
  result,
});

export const cuatroAnswer = endpoint({
  area: 'game',
  call: 'cuatroAnswer',
  method: 'POST',
  summary:
    'Cuatro en raya: accepts (the match starts) or declines an invitation, takes an open challenge, or withdraws one’s own',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({ gameId: GameId(), matchId: MatchId(), accept: Type.Boolean(), token: Token }),
  result,
});

export const cuatroMove = endpoint({
  area: 'game',
  call: 'cuatroMove',
  method: 'POST',
  summary:
    'Cuatro en raya: drops a disc in a column (0-6) on the match version the caller saw; out of turn, a full column, a finished match or a stale version is refused',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({
    gameId: GameId(),
    matchId: MatchId(),
    column: Int(0, 6),
    version: Int(0, 1000),
    token: Token,
  }),
  result,
});

export const cuatroResign = endpoint({
  area: 'game',
  call: 'cuatroResign',
  method: 'POST',
  summary: 'Cuatro en raya: the caller resigns a running match; the opponent wins',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({ gameId: GameId(), matchId: MatchId(), token: Token }),
  result,
});

export const cuatroRematch = endpoint({
  area: 'game',
  call: 'cuatroRematch',
  method: 'POST',
  summary:
    'Cuatro en raya: offers a rematch of a finished match, colours swapped; when the opponent offered it first, accepts it (one rematch per match)',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({ gameId: GameId(), matchId: MatchId(), token: Token }),
  result,
});
