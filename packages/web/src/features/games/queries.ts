import { useQuery } from '@tanstack/react-query';
import { api, type Game, GameListingFilter } from '@tertulia/contract';
import type { LeaderboardScope } from '@tertulia/games-sdk/protocol';
import * as games from '../../api/areas/games';
import { keyOf } from '../../api/query';

/** The games pages' reads: keys start with the endpoint path (a page invalidates by prefix). */

export const LISTING_FILTERS = Object.values(GameListingFilter);
export type ListingFilter = GameListingFilter;

export function useGamesListing(filter: ListingFilter) {
  return useQuery({
    queryKey: keyOf(api.game.getGamesListing, { filter }),
    queryFn: ({ signal }) => games.getGamesListing({ filter, limit: 100 }, { signal }),
  });
}

export function useGame(gid: number) {
  return useQuery({
    queryKey: keyOf(api.game.getGame, { gid }),
    queryFn: ({ signal }) => games.getGame({ gid }, { signal }),
  });
}

export const leaderboardKey = (gid: number, scope?: LeaderboardScope) =>
  scope ? [api.game.getGameLeaderboard.path, gid, scope] : [api.game.getGameLeaderboard.path, gid];

export function useLeaderboard(gid: number, scope: LeaderboardScope) {
  return useQuery({
    queryKey: leaderboardKey(gid, scope),
    queryFn: ({ signal }) => games.getGameLeaderboard({ gameId: gid, type: scope, limit: 50 }, { signal }),
    staleTime: 5_000,
  });
}

/** Where the container frames the game (a built-in game's path or an external https URL). */
export const gameEntryUrl = (game: Game) => game.url;

/** The game's chat room (room type 5, game/getGame.do's roomId), shown beside the frame. */
export const gameRoomId = (game: Game): number | undefined => game.roomId;
