import {
  ConversationType,
  FeedEventType,
  REWARDS_TIME_ZONE,
  SPIN_GIFT_PRICE,
  SPIN_THEMES,
  SPIN_WHEEL,
  type Spin,
  type SpinStatus,
  spinTag,
} from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound } from '../../http/errors';
import { type Move, member, system } from '../../ledger/ledger';
import type { PeopleUseCases } from '../people/use-cases';
import { dayOf, startOfDay } from './days';
import type { ConversationLines, RoomLines } from './outside';
import { type SpinRow, spinStore } from './spin-store';
import { drawSlot, prizeOf, WHEEL } from './wheel';

/** Spins sent to a member shown at once. */
const WAITING_SHOWN = 20;

export { drawSlot, prizeOf } from './wheel';

/** Where a spin is shown: a room's line, or a message in a conversation (or the IM with `imWith`). */
export interface ShareTo {
  roomId?: number;
  conversationId?: number;
  ownerId?: number;
  imWith?: number;
}

/** The messaging target of a share: the named conversation, or the IM with a member. */
const conversationOf = (to: ShareTo) =>
  to.imWith !== undefined
    ? { targetIds: [to.imWith], type: ConversationType.IM }
    : { conversationId: to.conversationId, ownerId: to.ownerId };

/** What spins need of chat and messaging to show a spin where it was spun or sent. */
export interface SpinSharing {
  chat: Pick<RoomLines, 'checkCanWrite' | 'sendTaggedLine'>;
  messaging: ConversationLines;
}

/** The daily spin and spins sent as gifts (docs/rewards.md). */
export function spins(
  deps: Pick<Deps, 'db' | 'ledger' | 'feedLog'>,
  people: PeopleUseCases,
  sharing: SpinSharing,
) {
  const store = spinStore(deps.db);

  /** Before any gold moves or any wheel turns: the member may write where the spin is to show. */
  async function checkShare(viewer: UserRow, to: ShareTo) {
    if (to.roomId !== undefined && to.conversationId !== undefined)
      throw invalid('conversationId', 'rewards.spinOnePlace');
    if (to.roomId !== undefined) await sharing.chat.checkCanWrite(viewer, to.roomId);
    if (to.conversationId !== undefined && to.imWith !== undefined)
      throw invalid('conversationId', 'rewards.spinOnePlace');
    if (to.conversationId !== undefined || to.imWith !== undefined)
      await sharing.messaging.checkSend(viewer, conversationOf(to));
  }

  /**
   * After commit: the spin's line in the room or message in the conversation. A failure here
   * loses nothing: the spin and its prize are on the spin page.
   */
  async function share(viewer: UserRow, to: ShareTo, spin: Spin) {
    const shown = { spin: { ...spin, sender: undefined, receiver: undefined } };
    try {
      if (to.roomId !== undefined)
        await sharing.chat.sendTaggedLine(viewer, to.roomId, spinTag(spin.id!), shown);
      if (to.conversationId !== undefined || to.imWith !== undefined)
        await sharing.messaging.send(
          viewer,
          {
            message: spinTag(spin.id!),
            ...conversationOf(to),
            clientMessageId: `spin-${spin.id}-${spin.spunTime ?? 'sent'}`,
          },
          { ...shown, prize: spin.prize },
        );
    } catch {
      // The spin is committed (docs/architecture.md, "Effects after commit").
    }
  }

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

  /** The spin was spun under another request (another key): spun already. */
  function spunAlready(error: unknown): never {
    if (error instanceof ApiError && error.key === 'ledger.keyReused')
      throw new ApiError('ApiConflictException', 'rewards.spinTaken');
    throw error;
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
    async spin(
      viewer: UserRow,
      p: { spinId?: number; idempotencyKey: string } & ShareTo,
      random?: (n: number) => number,
    ): Promise<Spin[]> {
      // The client's key rides on the fingerprint: its retry answers the spin it already made
      // (a lost answer), another request of the same spin is refused (spun already).
      await checkShare(viewer, p);
      const now = Date.now();
      const slot = drawSlot(random);
      if (p.spinId === undefined) {
        const day = dayOf(now);
        const key = `spin:daily:${viewer.id}:${day}`;
        const { result, replayed } = await deps.ledger
          .run(
            { key, fingerprint: `${key}:${p.idempotencyKey}`, kind: 'spin', actorId: viewer.id },
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
          )
          .catch(spunAlready);
        const spun = await toSpin(viewer, (await store.byId(deps.db, result))!);
        if (!replayed) await share(viewer, p, spun);
        return [spun];
      }
      const spinId = p.spinId;
      const key = `spin:gifted:${spinId}`;
      const { replayed } = await deps.ledger
        .run(
          { key, fingerprint: `${key}:${viewer.id}:${p.idempotencyKey}`, kind: 'spin', actorId: viewer.id },
          async (trx, move) => {
            if (!(await store.claimGifted(trx, { id: spinId, userId: viewer.id, slot, now })))
              throw notFound('rewards.spinNotFound');
            await payPrize(trx, move, viewer.id, spinId, slot, now);
            return spinId;
          },
        )
        .catch(async (error) => {
          // Spun under another request: the viewer's own spin is spun already; another's is not theirs.
          if (error instanceof ApiError && error.key === 'ledger.keyReused') {
            const row = await store.byId(deps.db, spinId);
            throw row?.user_id === viewer.id ? spunAlready(error) : notFound('rewards.spinNotFound');
          }
          throw error;
        });
      const spun = await toSpin(viewer, (await store.byId(deps.db, spinId))!);
      if (!replayed) await share(viewer, p, spun);
      return [spun];
    },

    /** Buys a spin for another member: SPIN_GIFT_PRICE gold, once per idempotency key. */
    async send(
      viewer: UserRow,
      p: {
        receiverId: number;
        theme?: string;
        idempotencyKey: string;
        conversationId?: number;
        ownerId?: number;
        directMessage?: boolean;
      },
    ): Promise<Spin[]> {
      if (p.receiverId === viewer.id) throw forbidden('rewards.spinSelf');
      const receiver = await people.visible(viewer, p.receiverId);
      // From a profile: the same message the conversation path sends, into the pair's IM.
      const to: ShareTo = { ...p, imWith: p.directMessage ? receiver.id : undefined };
      await checkShare(viewer, to);
      const theme = p.theme ?? SPIN_THEMES[0];
      const { result, replayed } = await deps.ledger.run(
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
      const sent = await toSpin(viewer, (await store.byId(deps.db, result))!);
      // A retry shares again: the conversation drops the twin by its client id.
      if (to.conversationId !== undefined || to.imWith !== undefined || !replayed)
        await share(viewer, to, sent);
      return [sent];
    },
  };
}
export type Spins = ReturnType<typeof spins>;
