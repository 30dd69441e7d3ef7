import { GameInstallStatus, GameLimits, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import { nearPlan } from '../people/search-plan';
import type { PeopleUseCases } from '../people/use-cases';
import type { PlayerStore } from './player-store';

/** Comparable names: no case, no accents. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Birth-date bound (YYYY-MM-DD) of members `years` old today. */
const bornYearsAgo = (years: number, now: Date) =>
  `${now.getUTCFullYear() - years}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;

/**
 * The member's friends as a game asks for them (docs/games.md, "Friends"): by name, by id, who
 * plays; and recent players for profile/findRecentPlayers.do. Members come through people's
 * `present`, so each looks as anywhere else (online status, blocks, invisibility).
 */
export function friendUseCases(
  deps: Pick<Deps, 'db' | 'presence'>,
  people: Pick<PeopleUseCases, 'present'>,
  players: PlayerStore,
  clock: () => number = Date.now,
) {
  const graph = socialGraph(deps.db);

  return {
    async byName(
      viewer: UserRow,
      p: {
        name: string;
        installStatus?: string;
        onlineSort?: boolean;
        gid?: number;
        page: number;
        limit: number;
      },
    ): Promise<User[]> {
      const status = p.installStatus ?? GameInstallStatus.ALL;
      if (status !== GameInstallStatus.ALL && p.gid === undefined)
        throw invalid('gid', 'validation.required');
      const prefix = fold(p.name.trim());
      const rows = (await players.members(await graph.friendIds(viewer.id))).filter((r) =>
        fold(r.name).startsWith(prefix),
      );
      let kept = rows;
      if (status !== GameInstallStatus.ALL && p.gid !== undefined) {
        const playing = await players.playersAmong(
          p.gid,
          rows.map((r) => r.id),
        );
        const wanted = status === GameInstallStatus.INSTALLED;
        kept = rows.filter((r) => playing.has(r.id) === wanted);
      }
      kept.sort((a, b) => a.name.localeCompare(b.name));
      let users = await people.present(viewer, kept);
      // Online first, as the viewer sees them (invisible friends stay among the offline).
      if (p.onlineSort)
        users = [...users.filter((u) => u.onlineSource), ...users.filter((u) => !u.onlineSource)];
      return users.slice((p.page - 1) * p.limit, p.page * p.limit);
    },

    async byIds(viewer: UserRow, idsText: string): Promise<User[]> {
      const ids = [...new Set(idsText.split(',').map(Number))];
      if (
        ids.length > GameLimits.IDS_MAX ||
        ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
      )
        throw invalid('ids');
      const friends = await graph.friendsAmong(viewer.id, ids);
      const rows = await players.members(ids.filter((id) => friends.has(id)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return people.present(
        viewer,
        ids.flatMap((id) => byId.get(id) ?? []),
      );
    },

    async recentPlayers(
      viewer: UserRow,
      p: {
        gid?: number;
        gender?: string;
        minage?: number;
        maxage?: number;
        nearme?: boolean;
        page: number;
        limit: number;
      },
    ): Promise<User[]> {
      const today = new Date(clock());
      const rows = await players.recentPlayers(viewer.id, {
        gameId: p.gid,
        gender: p.gender,
        near: p.nearme ? nearPlan(viewer) : undefined,
        // At least minage: born on or before today minage years ago; at most maxage: after maxage+1 years ago.
        bornTo: p.minage !== undefined && p.minage >= 0 ? bornYearsAgo(p.minage, today) : undefined,
        bornFrom: p.maxage !== undefined && p.maxage >= 0 ? bornYearsAgo(p.maxage + 1, today) : undefined,
        limit: p.limit,
        offset: (p.page - 1) * p.limit,
      });
      const members = await players.members(rows.map((r) => r.id));
      const byId = new Map(members.map((r) => [r.id, r]));
      return people.present(
        viewer,
        rows.flatMap((r) => byId.get(r.id) ?? []),
      );
    },
  };
}
