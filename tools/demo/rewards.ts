import { api, type Endpoint } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import { DEMO_PASSWORD } from './seed';

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
 * Leaderboards and spins through the real API: the admin's limited-time board (before any gift,
 * so the demo's gifts count on it), gifts under fixed idempotency keys, and today's spins of a
 * few members. A rerun adds nothing (keys; a spin already taken today answers 409).
 */
export async function seedRewardsDemo(app: App, phase: 'before-gifts' | 'after-gifts'): Promise<void> {
  const cookies = new Map<string, string>();
  const uids = new Map<string, number>();
  const logIn = async (who: string) => {
    if (cookies.has(who)) return;
    const login = await app.inject({
      method: 'POST',
      url: api.profile.login.path,
      payload: { name: who, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`demo login ${who}: ${login.body}`);
    cookies.set(who, login.cookies.map((c) => `${c.name}=${c.value}`).join('; '));
    uids.set(who, login.json().User[0].uid);
  };
  const call = async (
    who: string,
    endpoint: Endpoint,
    params: Record<string, unknown>,
    allow: number[] = [],
  ) => {
    await logIn(who);
    const answer = await app.inject({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'GET' ? { query: params as Record<string, string> } : { payload: params }),
      headers: { cookie: cookies.get(who)! },
    });
    if (answer.statusCode !== 200 && !allow.includes(answer.statusCode))
      throw new Error(`demo ${endpoint.path} as ${who}: ${answer.body}`);
    return answer.json();
  };

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
    await logIn(g.to);
    for (let i = 0; i < g.times; i++) {
      await call(g.from, api.gift.purchase, {
        giftId: gift.id,
        receiverId: uids.get(g.to),
        source: 'profile',
        idempotencyKey: `demo-board-gift-${index}-${i}`,
      });
    }
  }
  for (const name of DEMO_SPINNERS) await call(name, api.rewards.spin, {}, [409]);
}
