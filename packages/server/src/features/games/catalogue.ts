import { type Game, GameListingFilter, GameStatus, type User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import type { PeopleUseCases } from '../people/use-cases';
import type { CatalogueStore, GameRow } from './catalogue-store';
import type { PlayerStore } from './player-store';
import { toFriendCard, toGame } from './view';

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
  /**
   * Each game with its friends playing and weekly players (two queries for the page). `full`
   * presents the friends as whole members (the game's page shows their presence and profile
   * links); a listing sends cards, all its GameCard draws (web features/games/GameCard.tsx).
   */
  async function decorate(viewer: UserRow, rows: GameRow[], full = true): Promise<Game[]> {
    const counts = await catalogue.counts(
      rows.map((g) => g.id),
      clock() - WEEK_MS,
      viewer.id,
      FRIENDS_SHOWN,
    );
    const playing = new Map(
      counts.map((c) => [c.game_id, c.friends ? c.friends.split(',').map(Number) : []]),
    );
    const ids = [...new Set([...playing.values()].flat())];
    const shown = full
      ? await people.present(viewer, await players.members(ids))
      : (await catalogue.cards(ids)).map(toFriendCard);
    const users = new Map<number, User>(shown.map((u) => [u.uid ?? 0, u]));
    const weekly = new Map(counts.map((c) => [c.game_id, Number(c.weekly)]));
    return rows.map((row) => {
      const game = toGame(row);
      game.friendsPlaying = (playing.get(row.id) ?? []).flatMap((id) => users.get(id) ?? []);
      game.weeklyWkPlayers = weekly.get(row.id) ?? 0;
      return game;
    });
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
      return decorate(viewer, rows, false);
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
