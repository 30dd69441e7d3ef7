import type { Leaderboard, LeaderboardEntry } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { socialGraph } from '../../policy/graph';
import type { PeopleUseCases } from '../people/use-cases';
import { boardStore, type Scored, type Window } from './board-store';
import { dayOf } from './days';

/** How long an ended limited-time board stays listed. */
const ENDED_SHOWN_MS = 7 * 86_400_000;

export interface BoardQuery {
  type?: string;
  nearMe?: boolean;
  days?: number;
  event?: string;
  page?: number;
  resultsPerPage?: number;
}

/** The gift leaderboards as a member sees them (docs/rewards.md). */
export function giftBoards(deps: Pick<Deps, 'db'>, people: PeopleUseCases) {
  const store = boardStore(deps.db);
  const graph = socialGraph(deps.db);

  /** Ranked lines as the viewer sees them: members blocked either way are left out, ranks kept. */
  async function present(viewer: UserRow, rows: Scored[], firstRank: number): Promise<LeaderboardEntry[]> {
    const blocked = await graph.blockedWithAmong(
      viewer.id,
      rows.map((r) => r.userId),
    );
    const ranked = rows.map((r, i) => ({ ...r, rank: firstRank + i })).filter((r) => !blocked.has(r.userId));
    const users = await people.present(viewer, await store.usersByIds(ranked.map((r) => r.userId)));
    const byId = new Map(users.map((u) => [u.uid, u]));
    return ranked
      .filter((r) => byId.has(r.userId))
      .map((r) => ({ user: byId.get(r.userId), score: r.score, rank: r.rank }));
  }

  async function windowOf(p: { days?: number; event?: string }): Promise<Window> {
    if (p.event) {
      const event = await store.eventByKey(p.event);
      if (!event) throw notFound('rewards.eventNotFound');
      return { eventId: event.id };
    }
    if (p.days) return { fromDay: dayOf(Date.now()) - p.days + 1 };
    return { allTime: true };
  }

  /** A page of a board, or (nearMe) the page that has the viewer in its middle. */
  async function board(viewer: UserRow, roomId: number, p: BoardQuery): Promise<LeaderboardEntry[]> {
    const kind = p.type ?? 'gifters';
    const w = await windowOf(p);
    const size = p.resultsPerPage ?? 20;
    let offset = ((p.page ?? 1) - 1) * size;
    if (p.nearMe) {
      const mine = await store.scoreOf(kind, roomId, w, viewer.id);
      if (mine === undefined) return [];
      const ahead = await store.countAhead(kind, roomId, w, viewer.id, mine);
      offset = Math.max(0, ahead - Math.floor(size / 2));
    }
    return present(viewer, await store.page(kind, roomId, w, offset, size), offset + 1);
  }

  return {
    board,

    leaderboard: (viewer: UserRow, p: BoardQuery) => board(viewer, 0, p),

    /** A room's gift board (chat/getLeaderboard.do with a gift type; chat checks the room first). */
    roomBoard: (viewer: UserRow, roomId: number, p: BoardQuery) =>
      board(viewer, roomId, { ...p, event: undefined }),

    /** A member's all-time score and rank; none yet answers score 0 without a rank. */
    async score(viewer: UserRow, p: { userId: number; type?: string }): Promise<LeaderboardEntry[]> {
      const kind = p.type ?? 'gifters';
      const target = await people.visible(viewer, p.userId);
      const w: Window = { allTime: true };
      const score = await store.scoreOf(kind, 0, w, target.id);
      const [user] = await people.present(viewer, [target]);
      if (score === undefined) return [{ user, score: 0 }];
      return [{ user, score, rank: 1 + (await store.countAhead(kind, 0, w, target.id, score)) }];
    },

    async limitedTime(p: { page?: number; limit?: number }): Promise<Leaderboard[]> {
      const size = p.limit ?? 10;
      const rows = await store.eventsEndingAfter(
        Date.now() - ENDED_SHOWN_MS,
        ((p.page ?? 1) - 1) * size,
        size,
      );
      return rows.map(toBoard);
    },

    async createEvent(
      admin: UserRow,
      p: { key: string; name: string; startTime: number; endTime: number },
    ): Promise<Leaderboard[]> {
      // contest-<id> keys belong to the contests' own boards (contests.ts).
      if (p.key.startsWith('contest-')) throw new ApiError('ApiConflictException', 'rewards.eventKeyTaken');
      if (p.endTime <= p.startTime)
        throw new ApiError('ApiValidationException', 'rewards.endBeforeStart', {}, { field: 'endTime' });
      const row = await store.insertEvent({
        key: p.key,
        name: p.name,
        startsAt: p.startTime,
        endsAt: p.endTime,
        createdBy: admin.id,
      });
      if (!row) throw new ApiError('ApiConflictException', 'rewards.eventKeyTaken');
      return [toBoard(row)];
    },
  };
}
export type GiftBoards = ReturnType<typeof giftBoards>;

const toBoard = (r: { key: string; name: string; starts_at: number; ends_at: number }): Leaderboard => ({
  key: r.key,
  name: r.name,
  startTime: Number(r.starts_at),
  endTime: Number(r.ends_at),
});
