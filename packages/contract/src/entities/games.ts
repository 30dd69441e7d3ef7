import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/** One row of a game's leaderboard; flat (userId, userName...) as the games platform sends it. */
export const LeaderboardItem = Type.Object(
  {
    rank: Opt(Type.Integer()),
    score: Opt(Type.Number()),
    scoreFormatted: Opt(Type.String({ description: 'the game decides how a score reads' })),
    userId: Opt(Type.Integer()),
    userName: Opt(Type.String()),
    userImage1: Opt(Type.String()),
    timestamp: Opt(EpochMs()),
  },
  { title: 'LeaderboardItem' },
);
export type LeaderboardItem = Static<typeof LeaderboardItem>;

/** A game of the games platform. external games run on their own site (OAuth token). */
export const Game = Type.Object(
  {
    id: Type.Integer(),
    name: Opt(Type.String()),
    icon: Opt(Type.String()),
    image: Opt(Type.String()),
    bigImage: Opt(Type.String()),
    description: Opt(Type.String()),
    friendsPlaying: Opt(Type.Array(User, { description: "the caller's friends who play it" })),
    weeklyWkPlayers: Opt(Type.Integer({ description: 'players in the last week' })),
    external: Opt(Type.Boolean()),
    isFeatured: Opt(Type.Boolean()),
    credsIntegrated: Opt(Type.Boolean()),
    leaderboardsIntegrated: Opt(Type.Boolean()),
    requiresHttps: Opt(Type.Boolean()),
    leaderboard: Opt(Type.Array(LeaderboardItem)),
    /** Ours: where the container frames it (a built-in game's path, or an external game's https URL). */
    url: Opt(Type.String()),
    /** Ours: the play button's text (the container cuts it past 7 characters, spec section 5). */
    playText: Opt(Type.String()),
    /** Ours: how its scores read (GameScoreFormat). */
    scoreFormat: Opt(Type.String()),
    /** Ours: the game's chat room (roomType 5), on game/getGame.do: enter it with chat/enterRoom.do. */
    roomId: Opt(Type.Integer()),
  },
  { title: 'Game' },
);
export type Game = Static<typeof Game>;

/** A member's presence in a game (game/getGamePlayers.do). */
export const Player = Type.Object(
  {
    game: Opt(Game),
    gameStatus: Opt(Type.String()),
    gameStatusUrl: Opt(Type.String()),
    isPlaying: Opt(Type.Boolean()),
    creationTime: Opt(EpochMs('epoch ms; first played')),
    updateTime: Opt(EpochMs('epoch ms; status last changed')),
  },
  { title: 'Player' },
);
export type Player = Static<typeof Player>;

/** Ours: how an admin sees a game, with what members never see (its address, limits, state). */
export const AdminGame = Type.Composite(
  [
    Game,
    Type.Object({
      slug: Opt(Type.String({ description: 'built-in games: the folder under BUILTIN_GAMES_PATH' })),
      status: Type.String({ description: 'GameStatus: active, hidden (not listed) or retired (closed)' }),
      scoreMin: Type.Integer(),
      scoreMax: Type.Integer(),
      scoresPerMinute: Type.Integer({ description: 'the most scores a member may submit a minute' }),
      rewardCurrency: Type.String({ description: 'gold or love' }),
      dailyRewardCap: Type.Integer({ description: 'the most a member may be granted a day (0: none)' }),
      scoreFormat: Type.String({ description: 'GameScoreFormat' }),
      presenceUrl: Opt(Type.String({ description: 'external games: the profile-presence GET address' })),
      creationTime: EpochMs(),
      updateTime: EpochMs(),
    }),
  ],
  { title: 'AdminGame' },
);
export type AdminGame = Static<typeof AdminGame>;

/** Ours: one reward a game granted a member (game/getRewardsHistory.do). */
export const GameReward = Type.Object(
  {
    id: Type.Integer(),
    gameId: Type.Integer(),
    userId: Type.Integer(),
    amount: Type.Integer(),
    currency: Type.String({ description: 'gold or love' }),
    reason: Opt(Type.String()),
    creationTime: EpochMs(),
  },
  { title: 'GameReward' },
);
export type GameReward = Static<typeof GameReward>;

/**
 * Ours: a game token (game/getOAuthToken.do): short-lived, for one game and one member, never
 * the session. `token` is shown once, when issued; the server keeps only its hash.
 */
export const GameToken = Type.Object(
  {
    token: Opt(Type.String()),
    gameId: Type.Integer(),
    userId: Type.Integer(),
    expiresAt: EpochMs('epoch ms; extendGameSession.do pushes it on, up to a bound'),
  },
  { title: 'GameToken' },
);
export type GameToken = Static<typeof GameToken>;
