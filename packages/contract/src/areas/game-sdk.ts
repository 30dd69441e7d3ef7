import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { GameReward, LeaderboardItem, Player } from '../entities/games';
import { GAME_FEED_EVENT_TYPES, GameLeaderboardType, GameLimits } from '../enums/games';
import { Id, Int, MAX_ID } from '../params';

/**
 * The games SDK's server calls (ours, in `game/`; docs/games.md). Each write carries the game
 * token (auth `game`): from the container, the host page passes it with the member's session; a
 * game's own server sends it as `Authorization: Bearer <token>` without a cookie. The server
 * checks that the token names the game called and the member acting.
 */
const GameId = () => Id('the game (gid)');
const Token = Type.Optional(
  Type.String({ maxLength: 100, description: 'the game token (or the Authorization: Bearer header)' }),
);
/** Scores are integers within a safe range; each game declares its own narrower range. */
const Score = Int(-MAX_ID, MAX_ID, { description: 'the game’s declared range applies' });

export const submitScore = endpoint({
  area: 'game',
  call: 'submitScore',
  method: 'POST',
  summary:
    'Records a score for the token’s member: kept when it beats their best (all time and this week). Outside the game’s range: 400; faster than its rate: 429',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiRateLimitException'],
  params: Type.Object({ gameId: GameId(), score: Score, token: Token }),
  result: { name: 'LeaderboardItem', schema: LeaderboardItem },
});

export const getGameLeaderboard = endpoint({
  area: 'game',
  call: 'getGameLeaderboard',
  method: 'GET',
  summary:
    'A game’s leaderboard: global, the caller’s friends (and the caller), or this week (from Monday 00:00 UTC); best first, ties to the earlier score',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  list: { defaultLimit: 20 },
  params: Type.Object({
    gameId: GameId(),
    type: Type.Optional(Type.Union(Object.values(GameLeaderboardType).map((v) => Type.Literal(v)))),
  }),
  result: { name: 'LeaderboardItem', schema: LeaderboardItem },
});

export const setGamePresence = endpoint({
  area: 'game',
  call: 'setGamePresence',
  method: 'POST',
  summary:
    'Sets what the member’s profile says of this game (gameStatus, and gameStatusUrl: a path the game opens with) and marks them playing',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({
    gameId: GameId(),
    gameStatus: Type.String({ maxLength: GameLimits.STATUS_MAX }),
    gameStatusUrl: Type.Optional(
      Type.String({
        maxLength: GameLimits.STATUS_URL_MAX,
        description: 'the gameParams the container hands the game when the status is clicked',
      }),
    ),
    token: Token,
  }),
  result: { name: 'Player', schema: Player },
});

export const postGameEvent = endpoint({
  area: 'game',
  call: 'postGameEvent',
  method: 'POST',
  summary:
    'Posts a game event (100-103, or 202 playing now) to the member’s friends’ feeds, through the feed; a few an hour',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiRateLimitException'],
  params: Type.Object({
    gameId: GameId(),
    type: Type.Union(GAME_FEED_EVENT_TYPES.map((t) => Type.Literal(t))),
    text: Type.String({ minLength: 1, maxLength: GameLimits.EVENT_TEXT_MAX }),
    targetUserId: Type.Optional(Id('a friend the event is about (beaten, challenged)')),
    token: Token,
  }),
  result: Scalars.Boolean,
});

export const grantGameReward = endpoint({
  area: 'game',
  call: 'grantGameReward',
  method: 'POST',
  summary:
    'A game (credsIntegrated) grants its player gold or love points through the ledger, never past the game’s daily cap; the same idempotency key grants once',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiConflictException'],
  params: Type.Object({
    gameId: GameId(),
    amount: Int(1, GameLimits.DAILY_REWARD_CAP_MAX),
    reason: Type.String({ minLength: 1, maxLength: 100 }),
    idempotencyKey: Type.String({
      minLength: 8,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_:.-]+$',
      description: 'required: one per reward; a retry grants nothing more',
    }),
    token: Token,
  }),
  result: { name: 'GameReward', schema: GameReward },
});

export const inviteToGame = endpoint({
  area: 'game',
  call: 'inviteToGame',
  method: 'POST',
  summary:
    'Invites a friend to the game: a push (gameInvite) and an IM with the link /games?gid=..; friends only, a few a day',
  auth: 'game',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'ApiRateLimitException'],
  params: Type.Object({
    gameId: GameId(),
    friendId: Id(),
    message: Type.Optional(Type.String({ maxLength: 200 })),
    token: Token,
  }),
  result: Scalars.Boolean,
});
