import { CONTEST_LIMITS, type Contest, ContestKind, contestTag } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound } from '../../http/errors';
import { type Currency, MAX_AMOUNT, member, system } from '../../ledger/ledger';
import type { PeopleUseCases } from '../people/use-cases';
import { type ContestSettler, poolOf } from './contest-settle';
import { type ContestRow, contestStore } from './contest-store';
import type { RoomLines } from './outside';
import { contestShown } from './shown';

export interface NewContest {
  name: string;
  type: string;
  board?: string;
  currency?: string;
  prizes: string;
  startTime?: number;
  expiration: number;
  roomId?: number;
  idempotencyKey: string;
}

export const conflict = (key: Parameters<typeof invalid>[1] & string) =>
  new ApiError('ApiConflictException', key);

/**
 * Contests (docs/rewards.md): admins create them with a prize pool paid into the contest's own
 * ledger account; a random-draw contest takes entries while it runs (a room contest only from
 * inside its room); a top contest ranks its own limited-time leaderboard. When it expires the
 * settler draws the winners once, and each winner redeems their prize once.
 */
export function contests(
  deps: Pick<Deps, 'db' | 'ledger'>,
  people: PeopleUseCases,
  chat: Pick<RoomLines, 'checkRoom' | 'isInRoom' | 'sendTaggedLine'>,
  settler: ContestSettler,
) {
  const store = contestStore(deps.db);

  async function present(viewer: UserRow, rows: ContestRow[]): Promise<Contest[]> {
    const ids = rows.map((r) => r.id);
    const [stats, winners] = await Promise.all([store.entryStats(ids, viewer.id), store.winners(ids)]);
    const users = await people.present(
      viewer,
      await store.usersByIds([...new Set(winners.map((w) => w.user_id))]),
    );
    const byId = new Map(users.map((u) => [u.uid, u]));
    return rows.map((r) => {
      const mine = winners.find((w) => w.contest_id === r.id && w.user_id === viewer.id);
      const s = stats.get(r.id);
      return {
        ...contestShown(r),
        last_id: s?.lastId ?? 0,
        winners: winners
          .filter((w) => w.contest_id === r.id && byId.has(w.user_id))
          .map((w) => byId.get(w.user_id)!),
        board: r.kind === ContestKind.TOP ? r.board : undefined,
        leaderboard: r.kind === ContestKind.TOP ? `contest-${r.id}` : undefined,
        startTime: r.starts_at,
        entrants: s?.entrants ?? 0,
        entered: s?.entered ?? false,
        place: mine?.place,
        redeemed: mine ? mine.redeemed_at !== null : undefined,
      };
    });
  }

  /** A contest, settled first when it has expired and the job has not reached it yet. */
  async function load(id: number): Promise<ContestRow> {
    const row = await store.byId(id);
    if (!row) throw notFound('rewards.contestNotFound');
    if (row.settled_at === null && row.expires_at <= Date.now()) {
      await settler.settle(row.id);
      return (await store.byId(id))!;
    }
    return row;
  }

  const one = async (viewer: UserRow, id: number) => present(viewer, [await load(id)]);

  return {
    load,
    one,
    get: (viewer: UserRow, p: { contestId: number }) => one(viewer, p.contestId),

    async list(viewer: UserRow, p: { page?: number; limit?: number }): Promise<Contest[]> {
      const size = p.limit ?? 20;
      const now = Date.now();
      const rows = await store.listed(
        now,
        now - CONTEST_LIMITS.ENDED_SHOWN_MS,
        ((p.page ?? 1) - 1) * size,
        size,
      );
      return present(viewer, rows);
    },

    async enter(viewer: UserRow, p: { contestId: number }): Promise<Contest[]> {
      const c = await load(p.contestId);
      const now = Date.now();
      if (c.cancelled_at !== null) throw conflict('rewards.contestCancelled');
      if (c.kind !== ContestKind.RANDOM) throw conflict('rewards.contestNoEntry');
      if (now < c.starts_at) throw conflict('rewards.contestNotStarted');
      if (now >= c.expires_at) throw conflict('rewards.contestEnded');
      if (c.room_id && !(await chat.isInRoom(c.room_id, viewer.id)))
        throw forbidden('rewards.contestNotInRoom');
      if (!(await store.enter(c.id, viewer.id, now))) throw conflict('rewards.contestAlreadyEntered');
      return one(viewer, c.id);
    },

    /** A winner's prize from the contest's pool into their balance; a second call moves nothing. */
    async redeem(viewer: UserRow, p: { contestId: number }): Promise<Contest[]> {
      const c = await load(p.contestId);
      if (c.cancelled_at !== null) throw conflict('rewards.contestCancelled');
      if (c.settled_at === null) throw conflict('rewards.contestRunning');
      const [mine] = (await store.winners([c.id])).filter((w) => w.user_id === viewer.id);
      if (!mine) throw forbidden('rewards.contestNotWinner');
      const key = `contest-prize:${c.id}:${viewer.id}`;
      await deps.ledger.run(
        { key, fingerprint: key, kind: 'contest-prize', actorId: viewer.id },
        async (trx, move) => {
          if (await store.markRedeemed(trx, c.id, viewer.id, Date.now()))
            await move([
              { from: poolOf(c), to: member(viewer.id, c.currency as Currency), amount: mine.amount },
            ]);
          return mine.place;
        },
      );
      return one(viewer, c.id);
    },

    /** Admins: a contest, its pool paid in from the house's contests account. */
    async create(admin: UserRow, p: NewContest): Promise<Contest[]> {
      const now = Date.now();
      const prizes = p.prizes.split(',').map(Number);
      if (prizes.some((x) => x < 1 || x > MAX_AMOUNT)) throw invalid('prizes', 'validation.invalid');
      const start = p.startTime ?? now;
      if (p.expiration <= Math.max(now, start)) throw invalid('expiration', 'rewards.contestPastExpiration');
      if (p.expiration - start > CONTEST_LIMITS.LONGEST_MS)
        throw invalid('expiration', 'rewards.contestTooLong');
      if (p.roomId !== undefined) {
        if (p.type !== ContestKind.RANDOM) throw invalid('roomId', 'rewards.contestRoomForRandom');
        await chat.checkRoom(p.roomId);
      }
      const currency = (p.currency ?? 'gold') as Currency;
      const total = prizes.reduce((a, b) => a + b, 0);
      const { idempotencyKey, ...asked } = p;
      // The admin's key: a retried creation makes one contest and pays one pool.
      const { result: id, replayed } = await deps.ledger.run(
        {
          key: `contest-create:${admin.id}:${idempotencyKey}`,
          fingerprint: `contest-create:${JSON.stringify(asked)}`,
          kind: 'contest-create',
          actorId: admin.id,
        },
        async (trx, move) => {
          const id = await store.insert(trx, {
            name: p.name.trim(),
            kind: p.type,
            board: p.board ?? 'gifters',
            event_id: 0,
            currency,
            prizes: prizes.join(','),
            room_id: p.roomId ?? 0,
            starts_at: start,
            expires_at: p.expiration,
            created_by: admin.id,
            created_at: now,
          });
          // A top contest ranks a limited-time board of its own, counting gifts between start and end.
          if (p.type === ContestKind.TOP)
            await store.attachBoard(trx, id, {
              name: p.name.trim(),
              startsAt: start,
              endsAt: p.expiration,
              createdBy: admin.id,
              now,
            });
          await move([{ from: system('contests', currency), to: poolOf({ id, currency }), amount: total }]);
          return id;
        },
      );
      if (p.roomId !== undefined && !replayed)
        await chat.sendTaggedLine(admin, p.roomId, contestTag(id)).catch(() => undefined);
      return one(admin, id);
    },
  };
}
export type Contests = ReturnType<typeof contests>;
