import type { Deps } from '../../deps';
import { messagingService } from '../messaging/service';
import { type PeopleService, peopleService } from '../people/service';
import { gameAdmin } from './admin';
import { catalogueCalls } from './catalogue';
import { catalogueStore } from './catalogue-store';
import { friendCalls } from './friends';
import { gameModules } from './modules/registry';
import { playerStore } from './player-store';
import { playerCalls } from './players';
import { gameReports } from './report';
import { rewardCalls } from './rewards';
import { scoreCalls } from './scores';
import { socialCalls } from './social';
import { gameTokens } from './tokens';

/** The games platform's use cases, assembled once (docs/games.md). */
export function gamesService(deps: Deps, people: PeopleService = peopleService(deps)) {
  const catalogue = catalogueStore(deps.db);
  const players = playerStore(deps.db);
  const modules = gameModules();
  const tokens = gameTokens(deps, catalogue, (id) => players.member(id));
  return {
    modules,
    tokens,
    catalogue: catalogueCalls(people, catalogue, players),
    players: playerCalls(deps, people, catalogue, players),
    friends: friendCalls(deps, people, players),
    scores: scoreCalls(deps, modules),
    rewards: rewardCalls(deps),
    social: socialCalls(deps, messagingService(deps, people), players),
    admin: gameAdmin(catalogue, tokens),
    reports: gameReports(deps),
  };
}
export type GamesService = ReturnType<typeof gamesService>;
