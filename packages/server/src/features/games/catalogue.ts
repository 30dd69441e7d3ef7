import { type Game, GameListingFilter, GameStatus, type User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import type { PeopleUseCases } from '../people/use-cases';
import type { CatalogueStore, GameRow } from './catalogue-store';
import type { PlayerStore } from './player-store';
import { toGame } from './view';

const WEEK_MS = 7 * 86_400_000;
/** Friends shown playing each game of the listing. */
const FRIENDS_SHOWN = 5;
const LISTED = [GameStatus.ACTIVE];
const PLAYABLE = [GameStatus.ACTIVE, GameStatus.HIDDEN];

/**
 * The catalogue members see (docs/games.md, "Catalogue"): listed games with the friends who play
 * them and last week's players, in a fixed number of queries per page.
 */
export function catalogueUseCases(
  people: Pick<PeopleUseCases, 'present'>,
  catalogue: CatalogueStore,
  players: PlayerStore,
  clock: () => number = Date.now,
) {
  /** Each game with its friends playing and weekly players (three queries for the page). */
  async function decorate(viewer: UserRow, rows: GameRow[]): Promise<Game[]> {
    const ids = rows.map((g) => g.id);
    const [playing, weekly] = await Promise.all([
      players.friendsPlaying(viewer.id, ids, FRIENDS_SHOWN),
      players.playedSince(ids, clock() - WEEK_MS),
    ]);
    const byGame = new Map<number, number[]>();
    for (const p of playing) {
      const list = byGame.get(p.game_id) ?? [];
      if (list.length < FRIENDS_SHOWN) byGame.set(p.game_id, [...list, p.user_id]);
    }
    const friendIds = [...new Set([...byGame.values()].flat())];
    const shown = await people.present(viewer, await players.members(friendIds));
    const users = new Map<number, User>(shown.map((u) => [u.uid, u]));
    return rows.map((row) => ({
      ...toGame(row),
      friendsPlaying: (byGame.get(row.id) ?? []).flatMap((id) => users.get(id) ?? []),
      weeklyWkPlayers: weekly.get(row.id) ?? 0,
    }));
  }

  return {
    decorate,

    async listing(viewer: UserRow, filter: GameListingFilter, page: number, limit: number): Promise<Game[]> {
      const offset = (page - 1) * limit;
      let rows: GameRow[];
      if (filter === GameListingFilter.FRIENDS) {
        const ids = await players.friendsGames(viewer.id, limit, offset);
        const games = new Map(
          (await catalogue.listed(LISTED, { ids, limit, offset: 0 })).map((g) => [g.id, g]),
        );
        rows = ids.flatMap((id) => games.get(id) ?? []);
      } else if (filter === GameListingFilter.RECENT) {
        const mine = await players.ofMember(viewer.id, limit, offset);
        const games = new Map(
          (await catalogue.listed(PLAYABLE, { ids: mine.map((p) => p.game_id), limit, offset: 0 })).map(
            (g) => [g.id, g],
          ),
        );
        rows = mine.flatMap((p) => games.get(p.game_id) ?? []);
      } else {
        rows = await catalogue.listed(LISTED, {
          featuredOnly: filter === GameListingFilter.FEATURED,
          limit,
          offset,
        });
      }
      return decorate(viewer, rows);
    },

    /** One game members may open (listed or hidden). */
    async game(gameId: number): Promise<GameRow> {
      const row = await catalogue.byId(gameId);
      if (!row || !(PLAYABLE as string[]).includes(row.status)) throw notFound('games.notFound');
      return row;
    },
  };
}
export type CatalogueUseCases = ReturnType<typeof catalogueUseCases>;
