import type { LeaderboardEntry } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { socialGraph } from '../../policy/graph';
import type { PeopleUseCases } from '../people/use-cases';
import type { GiftBoards } from '../rewards/boards';
import type { RoomAccess } from './access';
import { entryStore } from './entry-store';
import { DAY, pageOf } from './rules';
import { userStore } from './user-store';

export interface LeaderInputs {
  db: Db;
  people: PeopleUseCases;
  access: RoomAccess;
  /** Gift boards (features/rewards): chat/getLeaderboard.do with type gifters or receivers. */
  giftBoards: Pick<GiftBoards, 'roomBoard'>;
}

/** Who said most: in a room lately, or across rooms over some days. */
export function leaderUseCases({ db, people, access, giftBoards }: LeaderInputs) {
  const entries = entryStore(db);
  const users = userStore(db);
  const graph = socialGraph(db);

  /** The scores as the viewer sees them, leaving out members blocked either way with the viewer. */
  async function leaderEntries(
    viewer: UserRow,
    rows: { userId: number; score: number }[],
  ): Promise<LeaderboardEntry[]> {
    const blocked = await graph.blockedWithAmong(
      viewer.id,
      rows.map((r) => r.userId),
    );
    const shown = rows.filter((r) => !blocked.has(r.userId));
    const presented = await people.present(viewer, await users.byIds(shown.map((r) => r.userId)));
    const byId = new Map(presented.map((u) => [u.uid, u]));
    return shown.map((r) => ({ user: byId.get(r.userId), score: r.score }));
  }

  return {
    async roomLeaders(
      viewer: UserRow,
      p: { roomId: number; minTimestamp?: number; page?: number; limit?: number },
    ) {
      const room = await access.roomOr404(p.roomId);
      await access.checkInside(viewer, room);
      const { offset, size } = pageOf(p, 10);
      return leaderEntries(
        viewer,
        await entries.leaders(p.minTimestamp ?? Date.now() - DAY, room.id, offset, size),
      );
    },

    async leaderboard(
      viewer: UserRow,
      p: { type?: string; roomId?: number; days?: number; page?: number; resultsPerPage?: number },
    ) {
      if (p.roomId) await access.checkInside(viewer, await access.roomOr404(p.roomId));
      // Gift types: who gave or received most gold in gifts in the room (or site-wide), pre-aggregated.
      if (p.type === 'gifters' || p.type === 'receivers') {
        return giftBoards.roomBoard(viewer, p.roomId ?? 0, { ...p, days: p.days ?? 7 });
      }
      const size = p.resultsPerPage ?? 20;
      const since = Date.now() - (p.days ?? 7) * DAY;
      return leaderEntries(viewer, await entries.leaders(since, p.roomId, ((p.page ?? 1) - 1) * size, size));
    },
  };
}
