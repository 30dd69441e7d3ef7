import { PATHS } from '../../ui/paths';
import { ADMIN_PATHS } from '../admin/paths';

/** The games pages' addresses (the spec's /games?gid=...). */
export const GAMES_PATHS = {
  list: PATHS.games,
  game: (gid: number) => PATHS.game(gid),
  /** The game's page with the game already open. */
  play: (gid: number) => `${PATHS.game(gid)}&play=1`,
  admin: ADMIN_PATHS.games,
} as const;
