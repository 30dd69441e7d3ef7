import { api } from '@tertulia/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp, uniqueId } from '../../../tests/_util';
import { paymentStore } from './payment-store';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook';

const SECRET = 'whsec_test_secret_for_signatures';
// Stripe's own library signs the deliveries; nothing here talks to Stripe's network.
const stripe = new Stripe('sk_test_not_a_real_key');

describe.each(dialects)("Stripe's webhook on $name", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { stripeSecretKey: 'sk_test_not_a_real_key', stripeWebhookSecret: SECRET });
  });
  afterAll(() => t.close());

  /** A Stripe Checkout payment as purchaseGold leaves it (the session would come from Stripe's API). */
  async function stripePayment(uid: number, gold = 1200) {
    const sessionId = `cs_test_${uniqueId()}`;
    const row = await paymentStore(t.deps.db).insert({
      user_id: uid,
      provider: 'stripe',
      provider_ref: sessionId,
      gold,
      amount_cents: 999,
      currency: 'eur',
      now: Date.now(),
    });
    return { row, sessionId, intent: `pi_${uniqueId()}` };
  }

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
  const event = (type: string, object: Record<string, unknown>) => ({
    id: `evt_${uniqueId()}`,
    object: 'event',
    type,
    data: { object },
  });
  const completed = (sessionId: string, intent: string) =>
    event('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: intent,
    });
  const gold = async (who: Awaited<ReturnType<typeof member>>) =>
    ((await who.ok(api.gift.fetchMocoGoldBalance)) as number[])[0];

  it('credits once for a checkout delivered 5 times, out of order with other events', async () => {
    const ana = await member(t.app);
    const { sessionId, intent, row } = await stripePayment(ana.user.uid);
    const deliveries = [
      event('payment_intent.created', { id: intent, object: 'payment_intent' }),
      ...Array.from({ length: 5 }, () => completed(sessionId, intent)),
      event('charge.succeeded', { id: `ch_${uniqueId()}`, object: 'charge', payment_intent: intent }),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map((e) => deliver(e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(deliveries.length).fill(200));
    expect(await gold(ana)).toBe(1200);
    expect((await paymentStore(t.deps.db).byId(row.id))?.state).toBe('paid');
  });

  it('asks for a refund that comes before its checkout to be delivered again, then takes the gold back once', async () => {
    const ana = await member(t.app);
    const { sessionId, intent } = await stripePayment(ana.user.uid, 550);
    const refund = event('charge.refunded', {
      id: `ch_${uniqueId()}`,
      object: 'charge',
      payment_intent: intent,
    });
    expect((await deliver(refund)).statusCode).toBe(409);
    expect((await deliver(completed(sessionId, intent))).statusCode).toBe(200);
    expect(await gold(ana)).toBe(550);
    // Spent in part meanwhile: the refund may leave the member below zero, through the system only.
    const luis = await member(t.app);
    const rose = 2;
    await ana.ok(api.gift.purchase, { giftId: rose, receiverId: luis.user.uid });
    const left = await gold(ana);
    for (let i = 0; i < 3; i++) expect((await deliver(refund)).statusCode).toBe(200);
    const dispute = event('charge.dispute.created', {
      id: `dp_${uniqueId()}`,
      object: 'dispute',
      payment_intent: intent,
    });
    expect((await deliver(dispute)).statusCode).toBe(200);
    expect(await gold(ana)).toBe(left - 550);
    const books = await t.deps.ledger.checkBooks();
    expect(books.balanced).toBe(true);
    expect(books.negative).toContain(`member:${ana.user.uid}:gold`);
    // Below zero, no purchase goes through.
    expect((await ana.call(api.gift.purchase, { giftId: rose, receiverId: luis.user.uid })).status).toBe(402);
  });

  it('refuses a forged signature, an unsigned body and a tampered one, crediting nothing', async () => {
    const ana = await member(t.app);
    const { sessionId, intent } = await stripePayment(ana.user.uid);
    const forged = await deliver(completed(sessionId, intent), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: JSON.stringify(completed(sessionId, intent)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const signed = JSON.stringify(completed(sessionId, intent));
    const signature = stripe.webhooks.generateTestHeaderString({ payload: signed, secret: SECRET });
    const tampered = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: signed.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await gold(ana)).toBe(0);
  });
});
