import { api, WEB_VITAL_EVENT, type WebVitalP75 } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { intakeOf } from './events';

describe.each(dialects)('Core Web Vitals per page ($name)', (dialect) => {
  const app = listeningApp(dialect);
  const db = () => app.t.deps.db;
  const vital = (route: string, metric: string, value: number) => ({
    name: WEB_VITAL_EVENT,
    page: route,
    props: { metric, value, route },
  });
  const staff = async () => {
    const mod = await member(app.t.app);
    await app.setUser(mod.user.uid, { is_moderator: 1 });
    return mod;
  };
  const p75Of = async (who: Client, route: string) =>
    ((await who.ok(api.admin.getWebVitals, { days: 7 })) as WebVitalP75[]).filter((r) => r.page === route);

  it('answers the 75th percentile (nearest rank) of each vital per page, from members and visitors', async () => {
    const m = await member(app.t.app);
    const route = `/html/vitals-${m.user.uid}.jsp`;
    const other = `/chat/room/:roomId-${m.user.uid}`;
    // LCP: 8 samples 100..800 -> the 6th smallest (ceil(0.75 x 8)) is 600.
    await m.ok(api.analytics.sendEvents, {
      events: [800, 100, 700, 200, 600, 300, 500, 400].map((v) => vital(route, 'LCP', v)),
    });
    // INP: 5 samples -> the 4th smallest (ceil(3.75)); two of them from a visitor.
    await m.ok(api.analytics.sendEvents, { events: [40, 16, 200].map((v) => vital(route, 'INP', v)) });
    await new Client(app.t.app).ok(api.analytics.sendEvents, {
      events: [64, 8].map((v) => vital(route, 'INP', v)),
    });
    // CLS: one sample; a second page with its own numbers.
    await m.ok(api.analytics.sendEvents, {
      events: [vital(route, 'CLS', 0.12), vital(other, 'LCP', 2500), vital(other, 'LCP', 1200)],
    });
    await intakeOf(db()).flush();

    const mod = await staff();
    expect(await p75Of(mod, route)).toEqual([
      { page: route, metric: 'CLS', p75: 0.12, samples: 1 },
      { page: route, metric: 'INP', p75: 64, samples: 5 },
      { page: route, metric: 'LCP', p75: 600, samples: 8 },
    ]);
    // Two samples: ceil(1.5) = the 2nd smallest.
    expect(await p75Of(mod, other)).toEqual([{ page: other, metric: 'LCP', p75: 2500, samples: 2 }]);
  });

  it('keeps out what is not a vital of a route: unknown metrics, values out of range, page names', async () => {
    const m = await member(app.t.app);
    const route = `/html/noise-${m.user.uid}.jsp`;
    await m.ok(api.analytics.sendEvents, {
      events: [
        vital(route, 'FID', 10),
        vital(route, 'LCP', -1),
        vital(route, 'LCP', 10_000_000),
        vital(route, 'CLS', 'mucho' as unknown as number),
        vital(`${route}?user=1 <script>`, 'LCP', 900),
        vital(route, 'INP', 48),
      ],
    });
    await intakeOf(db()).flush();
    // The events are all kept as events; only the one real vital reaches the vitals table.
    expect(
      Number(
        (
          await db()
            .selectFrom('analytics_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('name', '=', WEB_VITAL_EVENT)
            .where('user_id', '=', m.user.uid)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(6);
    expect(await p75Of(await staff(), route)).toEqual([{ page: route, metric: 'INP', p75: 48, samples: 1 }]);
  });

  it('is for staff only', async () => {
    const m = await member(app.t.app);
    expect((await m.call(api.admin.getWebVitals, { days: 7 })).status).toBe(403);
    expect((await new Client(app.t.app).call(api.admin.getWebVitals, {})).status).toBe(401);
    expect((await (await staff()).call(api.admin.getWebVitals, { days: 1000 })).status).toBe(400);
  });
});
