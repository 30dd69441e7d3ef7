import { api } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import type { Ledger } from '../../packages/server/src/ledger/ledger';
import { demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** Past broadcasts of the demo and the gifts sent in them, so top streamers is never empty (public profiles: anyone may give). */
export const DEMO_BROADCASTS: readonly { streamer: string; title: string; gifts: [string, string][] }[] = [
  {
    streamer: 'sofia',
    title: 'Cantando en casa 🎤',
    gifts: [
      ['lucia', 'Corona VIP'],
      ['diego', 'Rosa roja'],
      ['carlos', 'Café'],
    ],
  },
  {
    streamer: 'carlos',
    title: 'Paseo por el Retiro',
    gifts: [
      ['diego', 'Girasol'],
      ['mateo', 'Café'],
    ],
  },
];

/**
 * Diamonds for the demo's streamers (docs/live.md): each goes live, receives gifts in the
 * broadcast through the real gift call (diamonds through the ledger) and ends it. The streamer's
 * diamonds already there mean a rerun: nothing is done twice. The demo broadcast on air is the
 * stream code's (features/live/stream).
 */
export async function seedLiveDemo(app: App, ledger: Ledger): Promise<void> {
  const { logIn, call } = demoApi(app);
  const catalogue = (await call('admin', api.gift.getAll, {})).Gift as { id: number; name: string }[];
  for (const [index, b] of DEMO_BROADCASTS.entries()) {
    const { uid } = await logIn(b.streamer);
    if ((await ledger.balances(uid)).diamonds > 0) continue;
    const started = (await call(b.streamer, api.live.startBroadcast, { title: b.title })).LiveStreamer as {
      broadcast_id: string;
    }[];
    for (const [n, [from, name]] of b.gifts.entries()) {
      const gift = catalogue.find((c) => c.name === name);
      if (!gift) continue;
      await call(from, api.gift.purchase, {
        giftId: gift.id,
        receiverId: uid,
        source: 'live',
        broadcastId: started[0].broadcast_id,
        idempotencyKey: `demo-live-gift-${index}-${n}`,
      });
    }
    await call(b.streamer, api.live.endBroadcast, {});
  }
}
