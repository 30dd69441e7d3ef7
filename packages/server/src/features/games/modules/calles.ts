import { api, BUILTIN_GAMES_PATH, STREET_WARS_GID } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import { bind } from '../../../http/contract-routes';
import { playerStore } from '../player-store';
import { callesUseCases } from './calles-play';
import * as rules from './calles-rules';
import type { BuiltinCatalogueEntry, GameModule, ModuleKit } from './types';

export const CALLES_SLUG = 'calles';

const FOLDER = `${BUILTIN_GAMES_PATH}/${CALLES_SLUG}`;

/** The catalogue entry every install gets at start (docs/games-calles.md). */
export const CALLES_CATALOGUE = {
  gid: STREET_WARS_GID,
  name: 'Guerra de Calles',
  description:
    'Forma tu banda, levanta tu barrio y asalta las calles de tus amigos mientras duermen. Estrategia sin prisas: vuelve cuando quieras y lee en tu diario quién te atacó. / Street Wars: build a crew, grow your block and raid your friends’ streets while they sleep.',
  icon: `${FOLDER}/icon.svg`,
  image: `${FOLDER}/cover.svg`,
  bigImage: `${FOLDER}/cover.svg`,
  playText: 'Jugar',
  featured: true,
  leaderboardsIntegrated: true,
  scoreMin: 0,
  scoreMax: rules.SCORE_MAX,
  scoreFormat: 'number',
  scoresPerMinute: 20,
  credsIntegrated: true,
  dailyRewardCap: 100,
  rewardCurrency: 'gold',
} satisfies BuiltinCatalogueEntry;

/** Guerra de Calles' calls: the token names the member, and must be this game's (gid 1000). */
function callesRoutes(deps: Deps, { actor }: ModuleKit) {
  const members = playerStore(deps.db);
  const calles = callesUseCases(deps);
  const c = api.game;
  return [
    bind(c.callesState, async (p, ctx) => calles.state((await actor(ctx, p.gameId, p.token)).user)),
    bind(c.callesTrain, async (p, ctx) =>
      calles.train((await actor(ctx, p.gameId, p.token)).user, p.kind, p.count),
    ),
    bind(c.callesBuild, async (p, ctx) => calles.build((await actor(ctx, p.gameId, p.token)).user, p.kind)),
    bind(c.callesTargets, async (p, ctx) => ({
      targets: await calles.targets((await actor(ctx, p.gameId, p.token)).user),
    })),
    bind(c.callesAttack, async (p, ctx) => {
      const { user, game } = await actor(ctx, p.gameId, p.token);
      return calles.attack(user, p.targetId, game, (id) => members.member(id));
    }),
    bind(c.callesJournal, async (p, ctx) => ({
      entries: await calles.journal((await actor(ctx, p.gameId, p.token)).user, p.limit ?? 20, p.before),
    })),
    bind(c.callesBattle, async (p, ctx) =>
      calles.battle((await actor(ctx, p.gameId, p.token)).user, p.battleId),
    ),
  ];
}

/** Guerra de Calles' server side: its rules, its own tables and calls, its catalogue entry. */
export const callesModule: GameModule = {
  slug: CALLES_SLUG,
  rules: { resolveBattle: rules.resolveBattle, settle: rules.settle, levelOf: rules.levelOf },
  // The leaderboard's score is experience: whole, never negative, within the catalogue's range.
  checkScore: ({ score }) =>
    Number.isInteger(score) && score >= 0 && score <= rules.SCORE_MAX ? null : 'not a possible experience',
  routes: callesRoutes,
  catalogue: CALLES_CATALOGUE,
};
