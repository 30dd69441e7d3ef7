import { randomInt } from 'node:crypto';
import {
  FeedEventType,
  type Gift,
  REWARDS_TIME_ZONE,
  SPIN_GIFT_PRICE,
  SPIN_THEMES,
  SPIN_WHEEL,
  type Spin,
  type SpinStatus,
} from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { type Move, member, system } from '../../ledger/ledger';
import type { PeopleService } from '../people/service';
import { dayOf, startOfDay } from './days';
import { type SpinRow, spinStore } from './spin-store';

const TOTAL_WEIGHT = SPIN_WHEEL.reduce((sum, s) => sum + s.weight, 0);
/** Spins sent to a member shown at once. */
const WAITING_SHOWN = 20;

/**
 * Draws a wheel slot with the published weights (SPIN_WHEEL). `random(n)` answers an integer in
 * [0, n): crypto's by default, so nobody can predict a draw; tests pass a seeded one.
 */
export function drawSlot(random: (n: number) => number = randomInt): number {
  let ticket = random(TOTAL_WEIGHT);
  for (const s of SPIN_WHEEL) {
    if (ticket < s.weight) return s.slot;
    ticket -= s.weight;
  }
  throw new Error('the wheel weights do not add up');
}

/** A wheel slot as the Gift the Spin entity carries: the prize's amount as value, its currency as tag. */
export const prizeOf = (slot: number): Gift => {
  const s = SPIN_WHEEL[slot];
  return { id: slot + 1, value: s.amount, tag: s.currency, position: slot };
};
const WHEEL = SPIN_WHEEL.map((s) => prizeOf(s.slot));

/** The daily spin and spins sent as gifts (docs/rewards.md). */
export function spins(deps: Pick<Deps, 'db' | 'ledger' | 'feedLog'>, people: PeopleService) {
  const store = spinStore(deps.db);

  async function toSpin(viewer: UserRow, row: SpinRow): Promise<Spin> {
    const ids = [...new Set([row.user_id, row.sender_id].filter((id) => id > 0))];
    const users = await people.present(viewer, await store.usersByIds(ids));
    const byId = new Map(users.map((u) => [u.uid, u]));
    return {
      id: row.id,
      prize: row.prize_slot === null ? undefined : prizeOf(row.prize_slot),
      prizes: WHEEL,
      prizeSlot: row.prize_slot ?? undefined,
      receiver: byId.get(row.user_id),
      sender: byId.get(row.sender_id),
      theme: row.theme,
      spunTime: row.spun_at === null ? undefined : Number(row.spun_at),
    };
  }

  /** Pays a drawn prize and records the feed event, inside the spin's transfer. */
  async function payPrize(
    trx: Kysely<Database>,
    move: Move,
    uid: number,
    spinId: number,
    slot: number,
    now: number,
  ) {
    const prize = SPIN_WHEEL[slot];
    await move([
      { from: system('spins', prize.currency), to: member(uid, prize.currency), amount: prize.amount },
    ]);
    await deps.feedLog.recordOnce(trx, {
      type: FeedEventType.DAILY_SPIN_PRIZE,
      userId: uid,
      key: `spin:${spinId}`,
      properties: { 'source.user': uid, prizeSlot: slot },
      now,
    });
  }

  return {
    async status(viewer: UserRow): Promise<SpinStatus[]> {
      const now = Date.now();
      const day = dayOf(now);
      const [today, waiting] = await Promise.all([
        store.daily(viewer.id, day),
        store.waiting(viewer.id, WAITING_SHOWN),
      ]);
      return [
        {
          available: !today,
          nextTime: today ? startOfDay(day + 1) : now,
          timeZone: REWARDS_TIME_ZONE,
          today: today ? await toSpin(viewer, today) : undefined,
          gifted: await Promise.all(waiting.map((row) => toSpin(viewer, row))),
          prizes: WHEEL,
        },
      ];
    },

    /**
     * Spins: today's free spin (once per member and calendar day in REWARDS_TIME_ZONE: the
     * transfer's key and the unique index both say so), or a spin sent to the viewer.
     */
    async spin(viewer: UserRow, p: { spinId?: number }, random?: (n: number) => number): Promise<Spin[]> {
      const now = Date.now();
      const slot = drawSlot(random);
      if (p.spinId === undefined) {
        const day = dayOf(now);
        const key = `spin:daily:${viewer.id}:${day}`;
        const { result, replayed } = await deps.ledger.run(
          { key, fingerprint: key, kind: 'spin', actorId: viewer.id },
          async (trx, move) => {
            const id = await store.insertDaily(trx, {
              userId: viewer.id,
              day,
              theme: SPIN_THEMES[0],
              slot,
              now,
            });
            await payPrize(trx, move, viewer.id, id, slot, now);
            return id;
          },
        );
        if (replayed) throw new ApiError('ApiConflictException', 'rewards.spinTaken');
        return [await toSpin(viewer, (await store.byId(deps.db, result))!)];
      }
      const spinId = p.spinId;
      const key = `spin:gifted:${spinId}`;
      const { replayed } = await deps.ledger
        .run(
          { key, fingerprint: `${key}:${viewer.id}`, kind: 'spin', actorId: viewer.id },
          async (trx, move) => {
            if (!(await store.claimGifted(trx, { id: spinId, userId: viewer.id, slot, now })))
              throw notFound('rewards.spinNotFound');
            await payPrize(trx, move, viewer.id, spinId, slot, now);
            return spinId;
          },
        )
        .catch((error) => {
          // Another member's spin id under this key: the ledger calls it a reused key; it is not theirs.
          if (error instanceof ApiError && error.key === 'ledger.keyReused')
            throw notFound('rewards.spinNotFound');
          throw error;
        });
      if (replayed) throw new ApiError('ApiConflictException', 'rewards.spinTaken');
      return [await toSpin(viewer, (await store.byId(deps.db, spinId))!)];
    },

    /** Buys a spin for another member: SPIN_GIFT_PRICE gold, once per idempotency key. */
    async send(
      viewer: UserRow,
      p: { receiverId: number; theme?: string; idempotencyKey: string },
    ): Promise<Spin[]> {
      if (p.receiverId === viewer.id) throw forbidden('rewards.spinSelf');
      const receiver = await people.visible(viewer, p.receiverId);
      const theme = p.theme ?? SPIN_THEMES[0];
      const { result } = await deps.ledger.run(
        {
          key: `sendspin:${viewer.id}:${p.idempotencyKey}`,
          fingerprint: `sendspin:${receiver.id}:${theme}`,
          kind: 'spin-gift',
          actorId: viewer.id,
        },
        async (trx, move) => {
          await move([
            { from: member(viewer.id, 'gold'), to: system('sales', 'gold'), amount: SPIN_GIFT_PRICE },
          ]);
          return store.insertGifted(trx, {
            userId: receiver.id,
            senderId: viewer.id,
            theme,
            now: Date.now(),
          });
        },
      );
      return [await toSpin(viewer, (await store.byId(deps.db, result))!)];
    },
  };
}
export type Spins = ReturnType<typeof spins>;
