import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { AdminGame } from '../entities/games';
import { GameKind, GameLimits, GameScoreFormat, GameStatus } from '../enums/games';
import { Id, Int, MAX_ID } from '../params';

/**
 * The games catalogue for admins (ours, in the admin area; docs/games.md): register a game (built
 * in, served from BUILTIN_GAMES_PATH, or external on its own https origin), change it, feature,
 * hide and retire it. `npm run admin -- game ...` runs the same use cases.
 */
const literals = <T extends Record<string, string>>(o: T) =>
  Type.Union(Object.values(o).map((v) => Type.Literal(v)));
const adminGame = { name: 'AdminGame', schema: AdminGame };
const Image = () => Type.Optional(Type.String({ maxLength: 500, description: 'an image path or https URL' }));

/** What an admin may set on a game; register requires name, kind and url. */
const GameFields = {
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  icon: Image(),
  image: Image(),
  bigImage: Image(),
  playText: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  credsIntegrated: Type.Optional(Type.Boolean()),
  leaderboardsIntegrated: Type.Optional(Type.Boolean()),
  scoreMin: Type.Optional(Int(-MAX_ID, MAX_ID)),
  scoreMax: Type.Optional(Int(-MAX_ID, MAX_ID)),
  scoresPerMinute: Type.Optional(Int(1, 600)),
  scoreFormat: Type.Optional(literals(GameScoreFormat)),
  rewardCurrency: Type.Optional(Type.Union([Type.Literal('gold'), Type.Literal('love')])),
  dailyRewardCap: Type.Optional(Int(0, GameLimits.DAILY_REWARD_CAP_MAX)),
  presenceUrl: Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'external: the profile-presence address, on the game’s origin',
    }),
  ),
};

export const getGames = endpoint({
  area: 'admin',
  call: 'getGames',
  method: 'GET',
  summary: 'Admins: every game, hidden and retired ones too, newest first',
  auth: 'admin',
  list: { defaultLimit: 50 },
  params: Type.Object({}),
  result: adminGame,
});

export const registerGame = endpoint({
  area: 'admin',
  call: 'registerGame',
  method: 'POST',
  summary:
    'Admins: registers a game: built in (slug: served from BUILTIN_GAMES_PATH/slug/) or external (an https URL); gid optional (a free id)',
  auth: 'admin',
  errors: ['ApiConflictException'],
  params: Type.Object({
    gid: Type.Optional(Id('a chosen id (street wars is 1000); default the next free one')),
    name: Type.String({ minLength: 1, maxLength: 60 }),
    kind: literals(GameKind),
    slug: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', description: 'built-in games' })),
    url: Type.Optional(Type.String({ maxLength: 500, description: 'external games: https://...' })),
    ...GameFields,
  }),
  result: adminGame,
});

export const updateGame = endpoint({
  area: 'admin',
  call: 'updateGame',
  method: 'POST',
  summary: 'Admins: changes a game’s name, texts, images, limits or address',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    gid: Id(),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    url: Type.Optional(Type.String({ maxLength: 500, description: 'external games: https://...' })),
    ...GameFields,
  }),
  result: adminGame,
});

export const setGameStatus = endpoint({
  area: 'admin',
  call: 'setGameStatus',
  method: 'POST',
  summary:
    'Admins: lists (active), hides (playable by link, not listed) or retires (closed: no tokens, no scores) a game, and features it or not',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    gid: Id(),
    status: Type.Optional(literals(GameStatus)),
    featured: Type.Optional(Type.Boolean()),
  }),
  result: Scalars.Boolean,
});
