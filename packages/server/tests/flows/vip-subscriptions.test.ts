import { api } from '@tertulia/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../src/features/gifts/stripe-webhook';
import { subscriptionStore } from '../../src/features/premium/subscription-store';
import { type Client, dialects, member, type TestApp, testApp, uniqueId } from '../_util';

const DAY = 86_400_000;
const SECRET = 'whsec_test_secret_for_vip';
// Stripe's own library signs the deliveries; nothing here talks to Stripe's network (a test double
// for a payment network out of reach, as the house rules allow).
const stripe = new Stripe('sk_test_not_a_real_key');

const self = async (m: Client) => ((await m.ok(api.user.getLoggedInUser)) as Record<string, unknown>[])[0];
const subscription = async (m: Client) =>
  ((await m.ok(api.premium.getVipSubscription)) as Record<string, unknown>[])[0];

describe.each(dialects)('VIP subscription with the test provider on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('pending until paid, active and VIP once paid, renewed by the next period, canceled runs to its end', async () => {
    const m = await member(t.app);
    expect(await subscription(m)).toBeUndefined();
    const [opened] = (await m.ok(api.premium.subscribeVip, { offer: 'vip_monthly' })) as Record<
      string,
      unknown
    >[];
    expect(opened).toMatchObject({
      state: 'pending',
      provider: 'test',
      amount: 799,
      currency: 'eur',
      days: 30,
    });
    expect(opened.url).toBe(`/html/gold/checkout.jsp?subscription=${opened.id}`);
    expect(await self(m)).toMatchObject({ vip: false });

    const start = Date.now();
    const [paid] = (await m.ok(api.premium.confirmTestVipSubscription, {
      subscriptionId: opened.id,
    })) as Record<string, number>[];
    expect(paid).toMatchObject({ state: 'active' });
    expect(paid.periodEnd).toBeGreaterThanOrEqual(start + 30 * DAY);
    expect(await self(m)).toMatchObject({ vip: true, vipUntil: paid.periodEnd });

    // A renewal: the next period starts where the paid one ends.
    const [renewed] = (await m.ok(api.premium.confirmTestVipSubscription, {
      subscriptionId: opened.id,
    })) as Record<string, number>[];
    expect(renewed.periodEnd).toBe(paid.periodEnd + 30 * DAY);
    expect(await self(m)).toMatchObject({ vip: true, vipUntil: renewed.periodEnd });

    const again = await m.call(api.premium.subscribeVip, { offer: 'vip_monthly' });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Ya tienes una suscripción VIP en curso.');

    const [canceled] = (await m.ok(api.premium.cancelVipSubscription)) as Record<string, unknown>[];
    expect(canceled).toMatchObject({ state: 'canceled', periodEnd: renewed.periodEnd });
    expect(await self(m)).toMatchObject({ vip: true });
    const renewAfterCancel = await m.call(api.premium.confirmTestVipSubscription, {
      subscriptionId: opened.id,
    });
    expect(renewAfterCancel.status).toBe(403);

    // The period ends: ended, and VIP with it.
    const past = Date.now() - 1000;
    await t.deps.db
      .updateTable('vip_subscriptions')
      .set({ period_end: past })
      .where('id', '=', Number(opened.id))
      .execute();
    await t.deps.db.updateTable('users').set({ vip_until: past }).where('id', '=', m.user.uid).execute();
    expect(await subscription(m)).toMatchObject({ state: 'ended' });
    expect(await self(m)).toMatchObject({ vip: false });
    const cancelEnded = await m.call(api.premium.cancelVipSubscription);
    expect(cancelEnded.status).toBe(404);
    // A new subscription may start now.
    expect((await m.call(api.premium.subscribeVip, { offer: 'vip_monthly', currency: 'usd' })).status).toBe(
      200,
    );
  });

  it('a pending checkout canceled never pays; another member cannot pay or see it; bad input is refused', async () => {
    const m = await member(t.app);
    const other = await member(t.app);
    const [opened] = (await m.ok(api.premium.subscribeVip, { offer: 'vip_monthly' })) as Record<
      string,
      unknown
    >[];
    const stranger = await other.call(
      api.premium.confirmTestVipSubscription,
      { subscriptionId: opened.id },
      { 'accept-language': 'en' },
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('No tienes ninguna suscripción VIP en curso.');
    expect((await other.call(api.premium.subscribeVip, { offer: 'vip_forever' })).status).toBe(400);
    const [ended] = (await m.ok(api.premium.cancelVipSubscription)) as Record<string, unknown>[];
    expect(ended.state).toBe('ended');
    expect((await m.call(api.premium.confirmTestVipSubscription, { subscriptionId: opened.id })).status).toBe(
      403,
    );
    expect(await self(m)).toMatchObject({ vip: false });
  });
});

describe.each(dialects)('VIP subscription with signed Stripe webhooks on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { stripeSecretKey: 'sk_test_not_a_real_key', stripeWebhookSecret: SECRET });
  });
  afterAll(() => t.close());

  /** A subscription as subscribeVip leaves it with Stripe (the session would come from Stripe's API). */
  const pending = (uid: number) =>
    subscriptionStore(t.deps.db).insert({
      user_id: uid,
      provider: 'stripe',
      provider_ref: `cs_test_${uniqueId()}`,
      offer: 'vip_monthly',
      currency: 'eur',
    });
  const deliver = (event: object, secret = SECRET) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const subEvent = (
    type: string,
    p: { sub: string; ours: number; status?: string; end: number; cancel?: boolean },
  ) => ({
    id: `evt_${uniqueId()}`,
    object: 'event',
    type,
    data: {
      object: {
        id: p.sub,
        object: 'subscription',
        status: p.status ?? 'active',
        cancel_at_period_end: p.cancel ?? false,
        metadata: { vipSubscriptionId: String(p.ours) },
        items: { data: [{ current_period_end: Math.floor(p.end / 1000) }] },
      },
    },
  });

  it('a paid period makes VIP once however often delivered; renewal extends; cancel at period end; deleted ends', async () => {
    const m = await member(t.app);
    const row = await pending(m.user.uid);
    const sub = `sub_${uniqueId()}`;
    const end1 = Date.now() + 30 * DAY;
    const created = subEvent('customer.subscription.created', { sub, ours: row.id, end: end1 });
    const answers = await Promise.all([1, 2, 3].map(() => deliver(created)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await subscription(m)).toMatchObject({
      state: 'active',
      periodEnd: Math.floor(end1 / 1000) * 1000,
    });
    expect(await self(m)).toMatchObject({ vip: true });

    const end2 = end1 + 30 * DAY;
    expect(
      (await deliver(subEvent('customer.subscription.updated', { sub, ours: row.id, end: end2 }))).statusCode,
    ).toBe(200);
    // An older event arriving late changes nothing.
    expect((await deliver(created)).statusCode).toBe(200);
    expect(await subscription(m)).toMatchObject({
      state: 'active',
      periodEnd: Math.floor(end2 / 1000) * 1000,
    });
    expect((await self(m)).vipUntil).toBe(Math.floor(end2 / 1000) * 1000);

    await deliver(subEvent('customer.subscription.updated', { sub, ours: row.id, end: end2, cancel: true }));
    expect(await subscription(m)).toMatchObject({ state: 'canceled' });
    expect(await self(m)).toMatchObject({ vip: true });

    await deliver(
      subEvent('customer.subscription.deleted', { sub, ours: row.id, status: 'canceled', end: end2 }),
    );
    expect(await subscription(m)).toMatchObject({ state: 'ended' });
    // Renewal events after the end do not bring it back.
    await deliver(subEvent('customer.subscription.updated', { sub, ours: row.id, end: end2 + 30 * DAY }));
    expect(await subscription(m)).toMatchObject({
      state: 'ended',
      periodEnd: Math.floor(end2 / 1000) * 1000,
    });
  });

  it('a past-due period gives nothing; an unknown row asks for redelivery; a bad signature is refused', async () => {
    const m = await member(t.app);
    const row = await pending(m.user.uid);
    const sub = `sub_${uniqueId()}`;
    const due = subEvent('customer.subscription.created', {
      sub,
      ours: row.id,
      status: 'incomplete',
      end: Date.now() + 30 * DAY,
    });
    expect((await deliver(due)).statusCode).toBe(200);
    expect(await subscription(m)).toMatchObject({ state: 'pending' });
    expect(await self(m)).toMatchObject({ vip: false });
    const unknown = subEvent('customer.subscription.created', {
      sub: `sub_${uniqueId()}`,
      ours: 99_999_999,
      end: Date.now() + DAY,
    });
    expect((await deliver(unknown)).statusCode).toBe(409);
    const forged = subEvent('customer.subscription.created', {
      sub,
      ours: row.id,
      end: Date.now() + 90 * DAY,
    });
    expect((await deliver(forged, 'whsec_wrong')).statusCode).toBe(400);
    expect(await self(m)).toMatchObject({ vip: false });
  });
});
