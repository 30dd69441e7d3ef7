import { api } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import type { Ledger } from '../../packages/server/src/ledger/ledger';
import { demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** Gold each demo member starts with (granted once: the ledger key makes a rerun a no-op). */
export const DEMO_GOLD: Record<string, number> = {
  lucia: 1200,
  mateo: 300,
  valentina: 550,
  admin: 5000,
  carlos: 250,
  sofia: 400,
  diego: 800,
  camila: 150,
};

/** Gifts the demo members have exchanged: sender, receiver, gift name, where. */
export const DEMO_GIFTS: readonly {
  from: string;
  to: string;
  gift: string;
  where: 'profile' | 'conversation' | 'chat' | 'feed';
}[] = [
  { from: 'mateo', to: 'lucia', gift: 'Rosa roja', where: 'conversation' },
  { from: 'diego', to: 'lucia', gift: 'Corona VIP', where: 'profile' },
  { from: 'lucia', to: 'mateo', gift: 'Café', where: 'conversation' },
  { from: 'sofia', to: 'carlos', gift: 'Nota musical', where: 'profile' },
  { from: 'valentina', to: 'camila', gift: 'Girasol', where: 'chat' },
  { from: 'carlos', to: 'sofia', gift: 'Tarta', where: 'chat' },
  { from: 'admin', to: 'diego', gift: 'Trofeo del equipo', where: 'profile' },
  { from: 'camila', to: 'valentina', gift: 'Café', where: 'feed' },
];

/** Love points shared after the gifts (lucia is VIP, so she has SHARE_LOVE; mateo is her friend). */
export const DEMO_LOVE = { from: 'lucia', to: 'mateo', amount: 1 } as const;

/** The public room the chat gifts are given in (seeded by the chat migration). */
const GIFT_ROOM = 'tertulia';

/**
 * Gold and gifts through the real API (the ledger, the flags, delivery into conversations and
 * the room): balances for every demo member, then the gifts above and the love shared, each
 * under a fixed idempotency key so that running the demo again gives nothing twice.
 */
export async function seedGiftsDemo(app: App, ledger: Ledger): Promise<void> {
  const { logIn, call } = demoApi(app);
  const sessions = new Map<string, { uid: number }>();
  for (const name of Object.keys(DEMO_GOLD)) {
    const { uid } = await logIn(name);
    sessions.set(name, { uid });
    await ledger.grant({
      uid,
      amount: DEMO_GOLD[name],
      reason: 'Oro de bienvenida (demo)',
      actorId: 0,
      key: `demo-gold:${name}`,
    });
  }
  const catalogue = (await call('admin', api.gift.getAll, {})).Gift as { id: number; name: string }[];
  const rooms = (await call('admin', api.chat.getRooms, {})).ChatRoom as { id: number; name?: string }[];
  const room = rooms.find((r) => r.name === GIFT_ROOM);
  for (const [index, g] of DEMO_GIFTS.entries()) {
    const gift = catalogue.find((c) => c.name === g.gift);
    if (!gift || (g.where === 'chat' && !room)) continue;
    if (g.where === 'chat') {
      await call(g.from, api.chat.enterRoom, { roomId: room!.id });
      await call(g.to, api.chat.enterRoom, { roomId: room!.id });
    }
    await call(g.from, api.gift.purchase, {
      giftId: gift.id,
      receiverId: sessions.get(g.to)!.uid,
      source: g.where,
      ...(g.where === 'chat' ? { roomId: room!.id } : {}),
      idempotencyKey: `demo-gift-${index}`,
    });
    if (g.where === 'chat') {
      await call(g.from, api.chat.leaveRoom, { roomId: room!.id });
      await call(g.to, api.chat.leaveRoom, { roomId: room!.id });
    }
  }
  // The gifts gave their receivers love points; one is shared with a friend.
  await call(DEMO_LOVE.from, api.gift.sendLove, {
    receiverId: sessions.get(DEMO_LOVE.to)!.uid,
    amount: DEMO_LOVE.amount,
    idempotencyKey: 'demo-love-0',
  });
}
