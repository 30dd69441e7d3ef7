import type { Player, User, UserGameEntry } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import { appearsOnline, socialGraph } from '../../policy/graph';
import { isDeleted, isHidden } from '../../policy/standing';
import type { PeopleUseCases } from '../people/use-cases';
import { type CatalogueStore, catalogueStore } from './catalogue-store';
import { type PlayerStore, playerStore } from './player-store';
import { presenceFetcher } from './presence-html';
import { hasPresenceHtml, playingUntil, toPlayer, toUserGameEntry } from './view';

/** A profile shows this many of a member's games. */
const PROFILE_GAMES = 20;

/**
 * A member's games as a viewer may see them (docs/games.md, "Players and presence"): they follow
 * the profile's rules (policy/graph): nothing across a block either way, a private profile's
 * games only to friends, and "playing now" hidden while the member does not appear online to the
 * viewer. app.ts hands `profileEntries` to people as deps.profileGames (User.game on profiles).
 */
export function memberGames(db: Db, clock: () => number = Date.now) {
  const graph = socialGraph(db);
  const catalogue = catalogueStore(db);
  const players = playerStore(db);

  /** The member as the viewer may see them, and whether their games and playing show. */
  async function standing(viewer: UserRow, userId: number) {
    const member = viewer.id === userId ? viewer : await players.member(userId);
    if (!member || isDeleted(member)) throw notFound('people.notFound');
    if (member.id === viewer.id) return { member, showsGames: true, showsPlaying: true };
    const ties = await graph.tiesWith(viewer.id, member.id);
    if (ties.blocked || ties.blockedBy || (isHidden(member) && !viewer.is_admin))
      throw notFound('people.notFound');
    return {
      member,
      showsGames: member.buddies_private !== 1 || ties.isFriend || viewer.is_admin === 1,
      showsPlaying: appearsOnline(member, ties.isFriend),
    };
  }

  /** The member's entries the viewer may see, each with its game's row. */
  async function entriesOf(viewer: UserRow, userId: number, limit: number, offset: number) {
    const s = await standing(viewer, userId);
    if (!s.showsGames) return [];
    const rows = await players.ofMember(userId, limit, offset);
    const games = new Map((await catalogue.byIds(rows.map((r) => r.game_id))).map((g) => [g.id, g]));
    const now = clock();
    return rows.flatMap((r) => {
      const game = games.get(r.game_id);
      return game ? [{ player: toPlayer(r, game, s.showsPlaying, now), game }] : [];
    });
  }

  async function playersOf(
    viewer: UserRow,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<Player[]> {
    return (await entriesOf(viewer, userId, limit, offset)).map((e) => e.player);
  }

  return {
    standing,
    playersOf,

    /** User.game on a profile: the member's games as the viewer may see them (never throws). */
    async profileEntries(viewer: UserRow, userId: number): Promise<UserGameEntry[]> {
      try {
        const entries = await entriesOf(viewer, userId, PROFILE_GAMES, 0);
        return entries.map((e) => ({
          ...toUserGameEntry(e.player),
          hasPresenceHtml: hasPresenceHtml(e.game),
        }));
      } catch {
        return [];
      }
    },
  };
}

/** Who plays what: players, a game's view of a member, opening a game, presence. */
export function playerUseCases(
  deps: Pick<Deps, 'db' | 'config'>,
  people: Pick<PeopleUseCases, 'present'>,
  catalogue: CatalogueStore,
  players: PlayerStore,
  clock: () => number = Date.now,
) {
  const { standing, playersOf, profileEntries } = memberGames(deps.db, clock);
  const fetchPresence = presenceFetcher({ allowPrivate: deps.config.outboundAllowPrivate, clock });

  return {
    playersOf,
    profileEntries,

    /** game/getUser.do: the member with their entry for this game. */
    async gameUser(viewer: UserRow, userId: number, gameId: number): Promise<User> {
      const game = await catalogue.byId(gameId);
      if (!game) throw notFound('games.notFound');
      const s = await standing(viewer, userId);
      const [user] = await people.present(viewer, [s.member]);
      const row = s.showsGames ? await players.one(gameId, userId) : undefined;
      user.game = row ? [toUserGameEntry(toPlayer(row, game, s.showsPlaying, clock()))] : [];
      return user;
    },

    /** The member opened the game: their entry exists and they count as playing. */
    async opened(userId: number, gameId: number): Promise<void> {
      const now = clock();
      await players.open(gameId, userId, now, playingUntil(now));
    },

    /** An external game's presence HTML for a member the viewer may see playing it ('' otherwise). */
    async presenceHtml(viewer: UserRow, userId: number, gameId: number, locale: string): Promise<string> {
      const s = await standing(viewer, userId);
      const game = await catalogue.byId(gameId);
      if (!game || !s.showsGames || !(await players.one(gameId, userId))) return '';
      return fetchPresence(game, { userId, locale });
    },

    async setPresence(
      user: UserRow,
      gameId: number,
      status: string,
      url: string | undefined,
    ): Promise<Player> {
      const now = clock();
      await players.setStatus(gameId, user.id, status.trim(), (url ?? '').trim(), now, playingUntil(now));
      const [row, game] = await Promise.all([players.one(gameId, user.id), catalogue.byId(gameId)]);
      if (!row || !game) throw notFound('games.notFound');
      return toPlayer(row, game, true, now);
    },
  };
}
export type PlayerUseCases = ReturnType<typeof playerUseCases>;
