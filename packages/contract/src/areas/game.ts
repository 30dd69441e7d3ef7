import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Game, GameReward, GameToken, Player } from '../entities/games';
import { User } from '../entities/user';
import { GameInstallStatus, GameLimits, GameListingFilter } from '../enums/games';
import { Bool, Id, Int, MAX_AGE } from '../params';

/**
 * Games: the spec's calls of the games platform (section 7, `game/`), plus the recent players of
 * profile/ (docs/games.md). A game call needs its user id or game id (spec section 5): they are
 * required parameters, so a call without one answers ApiValidationException naming the field.
 * The SDK's own calls are in game-sdk.ts, the admins' in game-admin.ts.
 */
const literals = <T extends Record<string, string>>(o: T) =>
  Type.Union(Object.values(o).map((v) => Type.Literal(v)));
const GameId = (description = 'the game (gid)') => Id(description);

export const getGamesListing = endpoint({
  area: 'game',
  call: 'getGamesListing',
  method: 'GET',
  summary:
    'The catalogue: ALL listed games (featured first), FEATURED, FRIENDS (games the caller’s friends play, most played first) or RECENT (the caller’s, last played first); each with the friends playing it and last week’s players',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({ filter: Type.Optional(literals(GameListingFilter)) }),
  result: { name: 'Game', schema: Game },
});

export const getGame = endpoint({
  area: 'game',
  call: 'getGame',
  method: 'GET',
  summary:
    'Ours: one game for its page and the container (listed or hidden, not retired), with friends playing and the global leaderboard’s top 10',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ gid: GameId() }),
  result: { name: 'Game', schema: Game },
});

export const getGamePlayers = endpoint({
  area: 'game',
  call: 'getGamePlayers',
  method: 'GET',
  summary:
    'A member’s games with their status (Player entries), newest first; hidden from members they block or who may not see their profile',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  list: { defaultLimit: 50 },
  params: Type.Object({ userId: Id() }),
  result: { name: 'Player', schema: Player },
});

export const getUser = endpoint({
  area: 'game',
  call: 'getUser',
  method: 'GET',
  summary: 'A member as a game sees them: the User with their entry for this game in `game`',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id(), gid: GameId() }),
  result: { name: 'User', schema: User },
});

export const getFriendsByName = endpoint({
  area: 'game',
  call: 'getFriendsByName',
  method: 'GET',
  summary:
    'The caller’s friends whose name starts with `name`; installStatus keeps those who play the game `gid` (or who do not); online first with onlineSort',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  list: { defaultLimit: 20 },
  params: Type.Object({
    name: Type.String({ maxLength: 60, description: 'a name prefix; empty: every friend' }),
    installStatus: Type.Optional(literals(GameInstallStatus)),
    onlineSort: Type.Optional(Bool({ default: false })),
    gid: Type.Optional(GameId('ours: the game installStatus is about; required unless installStatus is ALL')),
  }),
  result: { name: 'User', schema: User },
});

export const getFriendsById = endpoint({
  area: 'game',
  call: 'getFriendsById',
  method: 'GET',
  summary:
    'Those of the given members who are the caller’s friends (others are left out), in the order asked',
  auth: 'member',
  params: Type.Object({
    ids: Type.String({
      minLength: 1,
      maxLength: 1200,
      pattern: '^[0-9]+(,[0-9]+)*$',
      description: `comma-separated user ids, at most ${GameLimits.IDS_MAX}`,
    }),
  }),
  result: { name: 'User', schema: User },
});

export const getRewardsHistory = endpoint({
  area: 'game',
  call: 'getRewardsHistory',
  method: 'GET',
  summary: 'The rewards a game granted a member, newest first: the member’s own (admins: anyone’s)',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  list: { defaultLimit: 20 },
  params: Type.Object({ userId: Id(), gameId: GameId() }),
  result: { name: 'GameReward', schema: GameReward },
});

export const extendGameSession = endpoint({
  area: 'game',
  call: 'extendGameSession',
  method: 'POST',
  summary:
    'Keeps the game session alive: the member counts as playing a while longer and the game token lives on (never past its bound)',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({
    gameId: GameId(),
    token: Type.Optional(Type.String({ maxLength: 100, description: 'ours: the game token' })),
  }),
  result: { name: 'GameToken', schema: GameToken },
});

export const getOAuthToken = endpoint({
  area: 'game',
  call: 'getOAuthToken',
  method: 'GET',
  summary:
    'Issues a short-lived token for this game and the caller (never the session cookie), for the SDK and the game’s own server',
  auth: 'member',
  // It writes a token: refused when another site starts it, as the spec's other state-changing GETs.
  changesState: true,
  errors: ['ApiNotFoundException', 'ApiRateLimitException'],
  params: Type.Object({ gid: GameId() }),
  result: { name: 'GameToken', schema: GameToken },
});

export const findRecentPlayers = endpoint({
  area: 'profile',
  call: 'findRecentPlayers',
  method: 'GET',
  summary:
    'Members who played lately (one game with gid, else any), last played first; near the caller, by gender and age when asked',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({
    nearme: Type.Optional(Bool({ default: false })),
    gender: Type.Optional(Type.Union([Type.Literal('m'), Type.Literal('f')])),
    minage: Type.Optional(Int(-1, MAX_AGE, { description: 'years; -1: any' })),
    maxage: Type.Optional(Int(-1, MAX_AGE, { description: 'years; -1: any' })),
    gid: Type.Optional(GameId()),
  }),
  result: { name: 'User', schema: User },
});

export const reportGame = endpoint({
  area: 'game',
  call: 'reportGame',
  method: 'POST',
  summary: 'Reports a problem with a game to the moderators (the reports queue, kind game)',
  auth: 'member',
  params: Type.Object({
    message: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'what went wrong, in the member’s words',
    }),
    gameId: Type.Optional(GameId('ours: the game reported, from the container')),
  }),
  result: Scalars.Boolean,
});

export const getPresenceHtml = endpoint({
  area: 'game',
  call: 'getPresenceHtml',
  method: 'GET',
  summary:
    'Ours: an external game’s profile-presence HTML for a member (the spec’s GET to the game’s address {userId, gameId, locale}), fetched from the game’s own https origin and sanitized; empty when the game has none',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id(), gameId: GameId() }),
  result: Scalars.String,
});
