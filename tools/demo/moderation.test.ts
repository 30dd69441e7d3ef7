import { api, type DailySeries, type ModerationReport } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeOf } from '../../packages/server/src/features/admin/events';
import { Client, testApp } from '../../packages/server/tests/_util';
import { seedModerationDemo } from './moderation';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo moderation', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('gives the queue diego’s reports, a dismissed one, and sofia the moderator role, once', async () => {
    await seedDemo(t.deps.db);
    await seedModerationDemo(t.app);
    await seedModerationDemo(t.app);
    const sofia = new Client(t.app);
    await sofia.ok(api.profile.login, { name: 'sofia', password: DEMO_PASSWORD });
    const open = (await sofia.ok(api.admin.getReports)) as ModerationReport[];
    expect(open.map((r) => [r.reported.name, r.kind])).toEqual([
      ['diego', 'user'],
      ['diego', 'user'],
      ['diego', 'chat'],
    ]);
    const resolved = (await sofia.ok(api.admin.getReports, { status: 'resolved' })) as ModerationReport[];
    expect(resolved.map((r) => [r.reported.name, r.resolution])).toEqual([['mateo', 'dismiss']]);
    // The dashboard's charts and top errors have today's events.
    await intakeOf(t.deps.db).flush();
    const series = (await sofia.ok(api.admin.getDailyStats, { days: 7 })) as DailySeries[];
    expect(series.find((s) => s.metric === 'active')!.points.at(-1)!.value).toBeGreaterThanOrEqual(5);
    const errors = (await sofia.ok(api.admin.getTopErrors)) as { message: string; count: number }[];
    expect(errors[0]).toEqual({
      message: "Cannot read properties of undefined (reading 'roomId')",
      count: 2,
    });
  });
});
