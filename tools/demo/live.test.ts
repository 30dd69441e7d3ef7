import { api, type LiveStreamer } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { seedGiftsDemo } from './gifts';
import { DEMO_BROADCASTS, seedLiveDemo } from './live';
import { seedDemo } from './seed';

describe('demo live diamonds', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('fills top streamers with the demo streamers, once however often it runs, off air', async () => {
    await seedDemo(t.deps.db);
    await seedGiftsDemo(t.app, t.deps.ledger);
    await seedLiveDemo(t.app, t.deps.ledger);
    await seedLiveDemo(t.app, t.deps.ledger);
    const top = (await new Client(t.app).ok(api.live.getTopStreamers, {
      diamonds: 'week',
    })) as LiveStreamer[];
    expect(top.map((s) => s.user?.name)).toEqual(DEMO_BROADCASTS.map((b) => b.streamer));
    expect(top.every((s) => (s.diamonds ?? 0) > 0 && s.broadcast_id === undefined)).toBe(true);
    expect(await new Client(t.app).ok(api.live.getActiveStreamers)).toEqual([]);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });
});
