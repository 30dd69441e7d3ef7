/** Enumerations: the games platform (docs/games.md). */

/** game/getGamesListing.do filter (spec: ALL by default). */
export const GameListingFilter = {
  ALL: 'ALL',
  FEATURED: 'FEATURED',
  FRIENDS: 'FRIENDS',
  RECENT: 'RECENT',
} as const;
export type GameListingFilter = (typeof GameListingFilter)[keyof typeof GameListingFilter];

/** A game's state in the catalogue: listed, hidden (playable by link, not listed), retired (closed). */
export const GameStatus = { ACTIVE: 'active', HIDDEN: 'hidden', RETIRED: 'retired' } as const;
export type GameStatus = (typeof GameStatus)[keyof typeof GameStatus];

/** Where a game runs: our own static path (built in) or its studio's https site (external). */
export const GameKind = { BUILTIN: 'builtin', EXTERNAL: 'external' } as const;
export type GameKind = (typeof GameKind)[keyof typeof GameKind];

/** The game leaderboards (ours: the spec names friends, global and weekly boards). */
export const GameLeaderboardType = { GLOBAL: 'global', FRIENDS: 'friends', WEEKLY: 'weekly' } as const;
export type GameLeaderboardType = (typeof GameLeaderboardType)[keyof typeof GameLeaderboardType];

/** How a score reads: a plain number, or milliseconds shown as m:ss.t. */
export const GameScoreFormat = { NUMBER: 'number', TIME: 'time' } as const;
export type GameScoreFormat = (typeof GameScoreFormat)[keyof typeof GameScoreFormat];

/** getFriendsByName.do installStatus: every friend, those who play the game, those who do not. */
export const GameInstallStatus = {
  ALL: 'ALL',
  INSTALLED: 'INSTALLED',
  NOT_INSTALLED: 'NOT_INSTALLED',
} as const;
export type GameInstallStatus = (typeof GameInstallStatus)[keyof typeof GameInstallStatus];

/** The feed events a game may post (spec: game events 100-103, realtime game 202). */
export const GAME_FEED_EVENT_TYPES = [100, 101, 102, 103, 202] as const;

/**
 * Built-in games are static files served by us under this path: `${BUILTIN_GAMES_PATH}/<slug>/`
 * (the web build places them there). External games run on their own https origin.
 */
export const BUILTIN_GAMES_PATH = '/games-builtin';

/** The example game of the SDK (games-sdk README, the demo): gid and slug. */
export const EXAMPLE_GAME = { gid: 1, slug: 'example' } as const;

/** Street wars' gid: the street-wars journal notices open it. */
export const STREET_WARS_GID = 1000;

/** Bounds of game calls the server enforces (docs/games.md). */
export const GameLimits = {
  /** A game token's life; extendGameSession.do renews it, never past TOKEN_MAX_MS from issue. */
  TOKEN_TTL_MS: 15 * 60_000,
  TOKEN_MAX_MS: 12 * 3_600_000,
  /** A player counts as playing this long after their last sign of life. */
  PLAYING_MS: 5 * 60_000,
  STATUS_MAX: 140,
  STATUS_URL_MAX: 500,
  EVENT_TEXT_MAX: 140,
  /** Feed events a member's game may post an hour. */
  EVENTS_PER_HOUR: 10,
  /** Invitations a member may send from games a day. */
  INVITES_PER_DAY: 30,
  /** Friends getFriendsById.do takes at once. */
  IDS_MAX: 100,
  /** The play button's text past this many characters is cut to PLAY_TEXT_CUT (spec section 5). */
  PLAY_TEXT_MAX: 7,
  PLAY_TEXT_CUT: 6,
  /** The most a game may declare as a member's daily reward. */
  DAILY_REWARD_CAP_MAX: 100_000,
} as const;
