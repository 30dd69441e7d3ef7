import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { gameReports } from './report';

/** Games' calls; only the report exists until the games issue (features/games/report.ts). */
export function gameRoutes(deps: Deps) {
  const reports = gameReports(deps);
  return [bind(api.game.reportGame, (p, ctx) => reports.report(me(ctx), p.message))];
}
