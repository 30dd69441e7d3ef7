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
