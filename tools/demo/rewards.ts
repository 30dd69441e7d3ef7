import { api } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import { type DemoApi, demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** The limited-time board that runs through the demo: two days back, five ahead of the first run. */
export const DEMO_EVENT = { key: 'semana-amistad', name: 'Semana de la amistad' };
const DAY = 86_400_000;

/** Extra gifts that fill the leaderboards (on top of the gifts demo): sender, receiver, gift name, times. */
export const DEMO_BOARD_GIFTS: readonly { from: string; to: string; gift: string; times: number }[] = [
  { from: 'lucia', to: 'diego', gift: 'Café', times: 3 },
  { from: 'diego', to: 'valentina', gift: 'Rosa roja', times: 2 },
  { from: 'valentina', to: 'lucia', gift: 'Girasol', times: 1 },
  { from: 'admin', to: 'camila', gift: 'Tarta', times: 2 },
  { from: 'sofia', to: 'mateo', gift: 'Nota musical', times: 1 },
];

/** Members whose daily spin is already taken today when the demo starts (lucia keeps hers to try). */
export const DEMO_SPINNERS = ['mateo', 'valentina', 'carlos', 'diego'];

/**
 * The demo's contests: a draw in the public room, a top-of-board contest, a quick draw lucia wins,
 * and a draw the admin cancelled after diego entered (the cancelled page and diego's notice).
 */
export const DEMO_CONTESTS = {
  draw: { name: 'Sorteo de bienvenida', prizes: '300,150,50', entrants: ['mateo', 'valentina', 'carlos'] },
  top: { name: 'Reina de los regalos', prizes: '500,250' },
  won: { name: 'Sorteo relámpago', prizes: '100' },
  cancelled: { name: 'Sorteo aplazado', prizes: '200' },
} as const;
const CONTEST_ROOM = 'tertulia';

/**
 * Contests through the real API: a running draw in the public room with three entrants, a
 * running top-of-board contest on who receives most, and a draw that ended a moment after it
 * opened with lucia its only entrant, so she has a prize to collect. A rerun finds them by name.
 */
async function seedContests({ call }: DemoApi) {
  const listed = (await call('admin', api.rewards.getContests, { limit: 100 })).Contest as { name: string }[];
  const exists = (name: string) => listed.some((c) => c.name === name);
  const now = Date.now();
  const rooms = (await call('admin', api.chat.getRooms, {})).ChatRoom as { id: number; name?: string }[];
  const room = rooms.find((r) => r.name === CONTEST_ROOM);
  if (room && !exists(DEMO_CONTESTS.draw.name)) {
    const [draw] = (
      await call('admin', api.rewards.createContest, {
        name: DEMO_CONTESTS.draw.name,
        type: 'random',
        prizes: DEMO_CONTESTS.draw.prizes,
        roomId: room.id,
        expiration: now + 4 * DAY,
      })
    ).Contest as { id: number }[];
    for (const name of DEMO_CONTESTS.draw.entrants) {
      await call(name, api.chat.enterRoom, { roomId: room.id });
      await call(name, api.rewards.enterContest, { contestId: draw.id });
      await call(name, api.chat.leaveRoom, { roomId: room.id });
    }
  }
  if (!exists(DEMO_CONTESTS.top.name))
    await call('admin', api.rewards.createContest, {
      name: DEMO_CONTESTS.top.name,
      type: 'top',
      board: 'receivers',
      prizes: DEMO_CONTESTS.top.prizes,
      expiration: now + 3 * DAY,
    });
  if (!exists(DEMO_CONTESTS.won.name)) {
    const [won] = (
      await call('admin', api.rewards.createContest, {
        name: DEMO_CONTESTS.won.name,
        type: 'random',
        currency: 'gems',
        prizes: DEMO_CONTESTS.won.prizes,
        expiration: now + 1500,
      })
    ).Contest as { id: number }[];
    await call('lucia', api.rewards.enterContest, { contestId: won.id });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // Reading it after its end draws the winner (the expiry job would, a little later).
    await call('lucia', api.rewards.getContest, { contestId: won.id });
  }
  if (!exists(DEMO_CONTESTS.cancelled.name)) {
    const [later] = (
      await call('admin', api.rewards.createContest, {
        name: DEMO_CONTESTS.cancelled.name,
        type: 'random',
        prizes: DEMO_CONTESTS.cancelled.prizes,
        expiration: now + 2 * DAY,
      })
    ).Contest as { id: number }[];
    await call('diego', api.rewards.enterContest, { contestId: later.id });
    await call('admin', api.rewards.cancelContest, { contestId: later.id });
  }
}

/**
 * Leaderboards and spins through the real API: the admin's limited-time board (before any gift,
 * so the demo's gifts count on it), gifts under fixed idempotency keys, and today's spins of a
 * few members. A rerun adds nothing (keys; a spin already taken today answers 409).
 */
export async function seedRewardsDemo(app: App, phase: 'before-gifts' | 'after-gifts'): Promise<void> {
  const demo = demoApi(app);
  const { call, uid } = demo;

  if (phase === 'before-gifts') {
    const now = Date.now();
    // 409: the board exists from an earlier run.
    await call(
      'admin',
      api.rewards.createLimitedTimeLeaderboard,
      { ...DEMO_EVENT, startTime: now - 2 * DAY, endTime: now + 5 * DAY },
      [409],
    );
    return;
  }
  const catalogue = (await call('admin', api.gift.getAll, {})).Gift as { id: number; name: string }[];
  for (const [index, g] of DEMO_BOARD_GIFTS.entries()) {
    const gift = catalogue.find((c) => c.name === g.gift);
    if (!gift) continue;
    const receiverId = await uid(g.to);
    for (let i = 0; i < g.times; i++) {
      await call(g.from, api.gift.purchase, {
        giftId: gift.id,
        receiverId,
        source: 'profile',
        idempotencyKey: `demo-board-gift-${index}-${i}`,
      });
    }
  }
  // valentina spins in the public room, so its stream shows a spin line (ChatEntry.spin).
  const rooms = (await call('admin', api.chat.getRooms, {})).ChatRoom as { id: number; name?: string }[];
  const room = rooms.find((r) => r.name === CONTEST_ROOM);
  for (const name of DEMO_SPINNERS) {
    const inRoom = name === 'valentina' && room;
    if (inRoom) await call(name, api.chat.enterRoom, { roomId: room.id });
    await call(name, api.rewards.spin, inRoom ? { roomId: room.id } : {}, [409]);
    if (inRoom) await call(name, api.chat.leaveRoom, { roomId: room.id });
  }
  await seedContests(demo);
}
