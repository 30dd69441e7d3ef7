import {
  api,
  type FeedEvent,
  FeedEventType,
  type Gems,
  SPIN_GIFT_PRICE,
  SPIN_WHEEL,
  type Spin,
  type SpinStatus,
} from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp, uniqueId } from '../../../tests/_util';
import { dayOf } from './days';
import { drawSlot } from './spin';

type Member = Awaited<ReturnType<typeof member>>;

describe('the wheel draw', () => {
  it('respects the published odds over 10,000 draws (within 4 standard deviations)', () => {
    const counts = new Array(SPIN_WHEEL.length).fill(0);
    const N = 10_000;
    for (let i = 0; i < N; i++) counts[drawSlot()]++;
    for (const s of SPIN_WHEEL) {
      const p = s.weight / 1000;
      const sd = Math.sqrt(N * p * (1 - p));
      expect(Math.abs(counts[s.slot] - N * p)).toBeLessThanOrEqual(4 * sd);
    }
  });

  it('maps every ticket to the slot whose weight range holds it', () => {
    expect(drawSlot(() => 0)).toBe(0);
    expect(drawSlot(() => 299)).toBe(0);
    expect(drawSlot(() => 300)).toBe(1);
    expect(drawSlot(() => 999)).toBe(SPIN_WHEEL.length - 1);
  });
});

describe.each(dialects)('daily spin on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const balances = (who: Member) => t.deps.ledger.balances(who.user.uid);
  const status = async (who: Member) => ((await who.ok(api.rewards.getSpin)) as SpinStatus[])[0];

  it('once a day per member: the prize is paid through the ledger and a feed event 26 is written', async () => {
    const m = await member(t.app);
    const before = await status(m);
    expect(before).toMatchObject({ available: true, timeZone: 'Europe/Madrid', gifted: [] });
    expect(before.prizes).toHaveLength(SPIN_WHEEL.length);

    const [spun] = (await m.ok(api.rewards.spin)) as Spin[];
    const slot = SPIN_WHEEL[spun.prizeSlot!];
    expect(spun.prize).toMatchObject({ value: slot.amount, tag: slot.currency });
    expect(spun.receiver?.uid).toBe(m.user.uid);
    expect((await balances(m))[slot.currency]).toBe(slot.amount);

    const again = await m.call(api.rewards.spin);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Ya giraste la ruleta hoy/);
    expect((await balances(m))[slot.currency]).toBe(slot.amount);

    const after = await status(m);
    expect(after.available).toBe(false);
    expect(after.nextTime).toBeGreaterThan(Date.now());
    expect(after.nextTime - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(after.today?.prizeSlot).toBe(spun.prizeSlot);

    const events = (await m.ok(api.feed.getEvents, { userId: m.user.uid, filter: 4 })) as FeedEvent[];
    expect(events.filter((e) => e.type === FeedEventType.DAILY_SPIN_PRIZE)).toHaveLength(1);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it("yesterday's spin (in Madrid's calendar) leaves today's open", async () => {
    const m = await member(t.app);
    await m.ok(api.rewards.spin);
    // Move the spin and its transfer one day back, as if it had been taken before midnight.
    const today = dayOf(Date.now());
    await t.deps.db
      .updateTable('spins')
      .set({ day: today - 1 })
      .where('user_id', '=', m.user.uid)
      .execute();
    await t.deps.db
      .updateTable('ledger_transfers')
      .set({ idempotency_key: `spin:daily:${m.user.uid}:${today - 1}` })
      .where('idempotency_key', '=', `spin:daily:${m.user.uid}:${today}`)
      .execute();
    expect((await status(m)).available).toBe(true);
    await m.ok(api.rewards.spin);
    expect((await m.call(api.rewards.spin)).status).toBe(409);
  });

  it('two spins at once still give one prize', async () => {
    const m = await member(t.app);
    const results = await Promise.all(Array.from({ length: 5 }, () => m.call(api.rewards.spin)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const b = await balances(m);
    expect(b.gold + b.gems).toBeGreaterThan(0);
    expect(
      await t.deps.db.selectFrom('spins').selectAll().where('user_id', '=', m.user.uid).execute(),
    ).toHaveLength(1);
  });

  it('the client cannot choose its prize: what it asks for is ignored, the server draws', async () => {
    // Twelve members all ask for the 1% jackpot slot: all getting it would be a 1e-24 chance.
    const jackpot = SPIN_WHEEL.length - 1;
    const slots: number[] = [];
    for (let i = 0; i < 12; i++) {
      const m = await member(t.app);
      const [spun] = (await m.ok(api.rewards.spin, { prizeSlot: jackpot, prize: 500 })) as Spin[];
      const prize = SPIN_WHEEL[spun.prizeSlot!];
      // What was paid is what was drawn.
      expect((await balances(m))[prize.currency]).toBe(prize.amount);
      slots.push(spun.prizeSlot!);
    }
    expect(slots.filter((s) => s === jackpot).length).toBeLessThan(12);
  });

  it('a spin sent as a gift: the sender pays, the receiver spins it once, nobody else can', async () => {
    const [a, b, c] = [await member(t.app), await member(t.app), await member(t.app)];
    const key = `k-${uniqueId()}`;
    const poor = await a.call(api.rewards.sendSpin, { receiverId: b.user.uid, idempotencyKey: key });
    expect(poor.status).toBe(402);
    await t.deps.ledger.grant({
      uid: a.user.uid,
      amount: 100,
      reason: 'test',
      actorId: 0,
      key: `g-${uniqueId()}`,
    });
    const [sent] = (await a.ok(api.rewards.sendSpin, {
      receiverId: b.user.uid,
      idempotencyKey: key,
      theme: 'fiesta',
    })) as Spin[];
    // A retry with the same key charges nothing more.
    await a.ok(api.rewards.sendSpin, { receiverId: b.user.uid, idempotencyKey: key, theme: 'fiesta' });
    expect((await balances(a)).gold).toBe(100 - SPIN_GIFT_PRICE);
    expect(sent).toMatchObject({
      theme: 'fiesta',
      sender: { uid: a.user.uid },
      receiver: { uid: b.user.uid },
    });
    expect(sent.prize).toBeUndefined();
    expect(
      (await a.call(api.rewards.sendSpin, { receiverId: a.user.uid, idempotencyKey: `k-${uniqueId()}` }))
        .status,
    ).toBe(403);

    const waiting = (await status(b)).gifted;
    expect(waiting.map((s) => s.id)).toEqual([sent.id]);
    expect((await c.call(api.rewards.spin, { spinId: sent.id! })).status).toBe(404);
    const [spun] = (await b.ok(api.rewards.spin, { spinId: sent.id! })) as Spin[];
    expect(spun.prizeSlot).toBeGreaterThanOrEqual(0);
    expect((await b.call(api.rewards.spin, { spinId: sent.id! })).status).toBe(409);
    // The gifted spin does not use up today's free one.
    expect((await status(b)).available).toBe(true);
    expect((await status(b)).gifted).toEqual([]);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('gems: exchanged for gold at the published offer, once per key, never below zero; the books balance', async () => {
    const m = await member(t.app);
    const first = ((await m.ok(api.rewards.getGems)) as Gems[])[0];
    expect(first.gems).toBe(0);
    expect(first.offers.map((o) => o.key)).toEqual(['gold50', 'gold100', 'gold500', 'vip7']);
    const short = await m.call(api.rewards.exchangeGems, {
      offer: 'gold50',
      idempotencyKey: `x-${uniqueId()}`,
    });
    expect(short.status).toBe(402);
    expect(short.body.message).toMatch(/gemas/);
    await t.deps.ledger.run(
      { key: `prize-${uniqueId()}`, fingerprint: 'p', kind: 'test' },
      async (_trx, move) => {
        await move([
          {
            from: { system: 'spins', currency: 'gems' },
            to: { member: m.user.uid, currency: 'gems' },
            amount: 130,
          },
        ]);
      },
    );
    const key = `x-${uniqueId()}`;
    const [after] = (await m.ok(api.rewards.exchangeGems, {
      offer: 'gold100',
      idempotencyKey: key,
    })) as Gems[];
    expect(after).toMatchObject({ gems: 20, gold: 100 });
    await m.ok(api.rewards.exchangeGems, { offer: 'gold100', idempotencyKey: key });
    expect(await balances(m)).toMatchObject({ gems: 20, gold: 100 });
    expect((await m.call(api.rewards.exchangeGems, { offer: 'vip', idempotencyKey: key })).status).toBe(400);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });

  it('gems for VIP days: the gems leave once, the VIP end moves 7 days on (after any VIP left)', async () => {
    const m = await member(t.app);
    const give = (amount: number) =>
      t.deps.ledger.run(
        { key: `prize-${uniqueId()}`, fingerprint: 'p', kind: 'test' },
        async (_trx, move) => {
          await move([
            {
              from: { system: 'spins', currency: 'gems' },
              to: { member: m.user.uid, currency: 'gems' },
              amount,
            },
          ]);
        },
      );
    const vipUntil = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('users')
            .select('vip_until')
            .where('id', '=', m.user.uid)
            .executeTakeFirstOrThrow()
        ).vip_until,
      );
    const short = await m.call(api.rewards.exchangeGems, {
      offer: 'vip7',
      idempotencyKey: `v-${uniqueId()}`,
    });
    expect(short.status).toBe(402);
    expect(await vipUntil()).toBeLessThan(Date.now());
    await give(1500);
    const key = `v-${uniqueId()}`;
    const before = Date.now();
    await m.ok(api.rewards.exchangeGems, { offer: 'vip7', idempotencyKey: key });
    await m.ok(api.rewards.exchangeGems, { offer: 'vip7', idempotencyKey: key });
    const first = await vipUntil();
    expect(first - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(first - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    expect((await balances(m)).gems).toBe(800);
    await m.ok(api.rewards.exchangeGems, { offer: 'vip7', idempotencyKey: `v-${uniqueId()}` });
    expect((await vipUntil()) - first).toBe(7 * 86_400_000);
    expect((await balances(m)).gems).toBe(100);
    expect((await t.deps.ledger.checkBooks()).balanced).toBe(true);
  });
});
