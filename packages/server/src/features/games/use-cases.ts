import type { Deps } from '../../deps';
import { gameRooms } from '../chat/game-rooms';
import { messagingUseCases } from '../messaging/use-cases';
import { type PeopleUseCases, peopleUseCases } from '../people/use-cases';
import { gameAdmin } from './admin';
import { catalogueUseCases } from './catalogue';
import { catalogueStore } from './catalogue-store';
import { friendUseCases } from './friends';
import { gameModules } from './modules/registry';
import { playerStore } from './player-store';
import { playerUseCases } from './players';
import { gameReports } from './report';
import { rewardUseCases } from './rewards';
import { scoreUseCases } from './scores';
import { socialUseCases } from './social';
import { gameTokens } from './tokens';

/** The games platform's use cases, assembled once (docs/games.md). */
export function gamesUseCases(deps: Deps, people: PeopleUseCases = peopleUseCases(deps)) {
  const catalogue = catalogueStore(deps.db);
  const players = playerStore(deps.db);
  const modules = gameModules();
  const tokens = gameTokens(deps, catalogue, (id) => players.member(id));
  const rooms = gameRooms(deps.db);
  return {
    rooms,
    modules,
    tokens,
    catalogue: catalogueUseCases(people, catalogue, players),
    players: playerUseCases(deps, people, catalogue, players),
    friends: friendUseCases(deps, people, players),
    scores: scoreUseCases(deps, modules),
    rewards: rewardUseCases(deps),
    social: socialUseCases(deps, messagingUseCases(deps, people), players),
    admin: gameAdmin(catalogue, tokens, rooms),
    reports: gameReports(deps),
  };
}
export type GamesUseCases = ReturnType<typeof gamesUseCases>;
