import { api, type DailySeries } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { dayOf, intakeOf } from './events';

describe.each(dialects)('analytics events and daily totals ($name)', (dialect) => {
  const app = listeningApp(dialect);
  const db = () => app.t.deps.db;
  const stored = (page: string) =>
    db().selectFrom('analytics_events').selectAll().where('page', '=', page).orderBy('id').execute();
  const total = async (metric: string, day = dayOf(Date.now())) =>
    Number(
      (
        await db()
          .selectFrom('analytics_daily')
          .select('value')
          .where('day', '=', day)
          .where('metric', '=', metric)
          .executeTakeFirst()
      )?.value ?? 0,
    );

  it('stores a member’s and a visitor’s batches with page and release, and counts the day', async () => {
    const m = await member(app.t.app);
    const page = `/html/share-${m.user.uid}`;
    const before = await total('event:share_copy_link');
    const batch = {
      release: 'r42',
      events: [
        { name: 'share_copy_link', page, props: { item: 'status' } },
        { name: 'share_native', page },
      ],
    };
    expect(await m.ok(api.analytics.sendEvents, batch)).toEqual([2]);
    expect(await new Client(app.t.app).ok(api.analytics.sendEvents, batch)).toEqual([2]);
    await intakeOf(db()).flush();
    const rows = await stored(page);
    expect(rows.map((r) => [r.name, r.user_id, r.release])).toEqual([
      ['share_copy_link', m.user.uid, 'r42'],
      ['share_native', m.user.uid, 'r42'],
      ['share_copy_link', null, 'r42'],
      ['share_native', null, 'r42'],
    ]);
    expect(JSON.parse(rows[0].props!)).toEqual({ item: 'status' });
    expect(await total('event:share_copy_link')).toBe(before + 2);
  });

  it('counts a member active once a day however many batches they send', async () => {
    const [a, b] = [await member(app.t.app), await member(app.t.app)];
    await intakeOf(db()).flush();
    const before = await total('active');
    for (const who of [a, b, a, a])
      await who.ok(api.analytics.sendEvents, { events: [{ name: 'page_view' }] });
    await intakeOf(db()).flush();
    expect(await total('active')).toBe(before + 2);
  });

  it('refuses bad batches whole, storing nothing', async () => {
    const m = await member(app.t.app);
    const page = `/bad-${m.user.uid}`;
    const bad = [
      { events: [] },
      { events: Array.from({ length: 51 }, () => ({ name: 'x', page })) },
      { events: [{ name: 'Bad Name!', page }] },
      {
        events: [
          { name: 'ok', page, props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
        ],
      },
      { events: [{ name: 'script_error', page, error: { message: '' } }] },
      // A NUL inside an event (PostgreSQL refuses it mid-write, which would lose the whole flush,
      // other members' events too) is refused with the batch.
      { events: [{ name: 'ok', page: `${page}\u0000x` }] },
      { events: [{ name: 'ok', page, props: { note: 'a\u0000b' } }] },
    ];
    for (const params of bad) {
      const res = await m.call(api.analytics.sendEvents, params);
      expect(res.status, JSON.stringify(params).slice(0, 80)).toBe(400);
      expect(res.body.ApiValidationException).toBeDefined();
    }
    await intakeOf(db()).flush();
    expect(await stored(page)).toEqual([]);
  });

  it('makes a flood wait for the database: past 5,000 events queued, accept resolves once they are stored', async () => {
    const page = `/flood-${Date.now()}`;
    const events = Array.from({ length: 5_200 }, () => ({ name: 'flood', page }));
    expect(await intakeOf(db()).accept(null, { events })).toBe(5_200);
    // No flush(): the request itself waited for the write.
    expect(await stored(page)).toHaveLength(5_200);
  });

  it('keeps script errors with stack, page and release; the top errors come from daily totals', async () => {
    const m = await member(app.t.app);
    const mod = await member(app.t.app);
    await app.setUser(mod.user.uid, { is_moderator: 1 });
    const page = `/html/err-${m.user.uid}`;
    const error = (message: string) => ({
      name: 'script_error',
      page,
      error: { message, stack: `at ${message}` },
    });
    await m.ok(api.analytics.sendEvents, {
      release: 'r7',
      events: [
        error(`TypeError u${m.user.uid}`),
        error(`TypeError u${m.user.uid}`),
        error(`Other u${m.user.uid}`),
      ],
    });
    await intakeOf(db()).flush();
    const [first] = await stored(page);
    expect(first.release).toBe('r7');
    expect(JSON.parse(first.props!)).toEqual({
      message: `TypeError u${m.user.uid}`,
      stack: `at TypeError u${m.user.uid}`,
    });
    const top = (await mod.ok(api.admin.getTopErrors, { days: 7 })) as { message: string; count: number }[];
    const mine = top.filter((e) => e.message.endsWith(`u${m.user.uid}`));
    expect(mine).toEqual([
      { message: `TypeError u${m.user.uid}`, count: 2 },
      { message: `Other u${m.user.uid}`, count: 1 },
    ]);
  });

  it('tells the web app its error sampling rate and release', async () => {
    expect(await new Client(app.t.app).ok(api.analytics.getConfig)).toEqual([
      { errorSampleRate: app.t.config.errorSampleRate, release: app.t.config.release, batchMax: 20 },
    ]);
  });

  it('charts sign-ups, messages and chat lines per day; a closed day is counted once and kept', async () => {
    const mod = await member(app.t.app);
    await app.setUser(mod.user.uid, { is_moderator: 1 });
    const now = Date.now();
    await db()
      .updateTable('users')
      .set({ creation_time: now - 3 * 86_400_000 })
      .where('id', '=', mod.user.uid)
      .execute();
    const series = (await mod.ok(api.admin.getDailyStats, { days: 7 })) as DailySeries[];
    expect(series.map((s) => s.metric)).toEqual([
      'active',
      'signups',
      'messages',
      'chatLines',
      'gifts',
      'goldSold',
    ]);
    const signups = series.find((s) => s.metric === 'signups')!;
    expect(signups.points).toHaveLength(7);
    expect(signups.points.at(-1)!.day).toBe(dayOf(now));
    expect(signups.points.at(-4)!.value).toBeGreaterThanOrEqual(1);
    const day = dayOf(now - 3 * 86_400_000);
    const kept = await total('src:signups', day);
    expect(kept).toBe(signups.points.at(-4)!.value);
    // Kept: a member moved into that day later is not counted again.
    await app.setUser((await member(app.t.app)).user.uid, { creation_time: now - 3 * 86_400_000 });
    const again = (await mod.ok(api.admin.getDailyStats, { days: 7 })) as DailySeries[];
    expect(again.find((s) => s.metric === 'signups')!.points.at(-4)!.value).toBe(kept);
    expect((await mod.call(api.admin.getDailyStats, { days: 500 })).status).toBe(400);
  });

  it('charts gold sold from paid purchases only, and gifts sent, per day', async () => {
    const mod = await member(app.t.app);
    await app.setUser(mod.user.uid, { is_moderator: 1 });
    const buyer = await member(app.t.app);
    const now = Date.now();
    const payment = (gold: number, state: string, ref: string) => ({
      user_id: buyer.user.uid,
      provider: 'test',
      provider_ref: ref,
      payment_ref: null,
      gold,
      amount_cents: gold,
      currency: 'EUR',
      state,
      created_at: now,
      updated_at: now,
    });
    const today = async () => {
      const series = (await mod.ok(api.admin.getDailyStats, { days: 7 })) as DailySeries[];
      const of = (m: string) => series.find((s) => s.metric === m)!.points.at(-1)!.value;
      return { gold: of('goldSold'), gifts: of('gifts') };
    };
    const before = await today();
    await db()
      .insertInto('gold_payments')
      .values([
        payment(500, 'paid', `p-${buyer.user.uid}-1`),
        payment(200, 'paid', `p-${buyer.user.uid}-2`),
        payment(9000, 'pending', `p-${buyer.user.uid}-3`),
      ])
      .execute();
    await db()
      .insertInto('gift_sends')
      .values({
        transfer_key: `gift-${buyer.user.uid}`,
        gift_id: 1,
        sender_id: buyer.user.uid,
        receiver_id: mod.user.uid,
        source: 'profile',
        conversation_id: null,
        room_id: null,
        price: 10,
        value: 5,
        created_at: now,
      })
      .execute();
    const after = await today();
    expect(after.gold - before.gold).toBe(700);
    expect(after.gifts - before.gifts).toBe(1);
  });
});
