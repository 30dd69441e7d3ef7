import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentProvider, stripeProvider, TEST_CHECKOUT_PATH, testProvider } from './provider';

/** The payment providers on their own: no network (Stripe's client is a stand-in). */
const request = {
  paymentId: 42,
  userId: 7,
  gold: 550,
  amountCents: 499,
  currency: 'eur' as const,
  returnUrl: '/html/gold/shop.jsp?payment=42',
};

describe('payment providers', () => {
  it("the test provider's checkout is our own page for that payment, charging nothing", async () => {
    expect(await testProvider().createCheckout(request)).toEqual({
      ref: 'test_42',
      url: `${TEST_CHECKOUT_PATH}?payment=42`,
    });
  });

  it('picks Stripe only with a secret key', () => {
    expect(paymentProvider({ stripeSecretKey: undefined, publicUrl: undefined }).name).toBe('test');
    expect(paymentProvider({ stripeSecretKey: 'sk_test_x', publicUrl: 'https://t.example' }).name).toBe(
      'stripe',
    );
  });

  it('asks Stripe for one line of the package, the payment ids in its metadata, back to our page', async () => {
    const asked: Stripe.Checkout.SessionCreateParams[] = [];
    const fake = {
      checkout: {
        sessions: {
          create: async (p: Stripe.Checkout.SessionCreateParams) => {
            asked.push(p);
            return { id: 'cs_1', url: 'https://checkout.stripe.example/cs_1' };
          },
        },
      },
    } as unknown as Stripe;
    const checkout = await stripeProvider(fake, 'https://t.example').createCheckout(request);
    expect(checkout).toEqual({ ref: 'cs_1', url: 'https://checkout.stripe.example/cs_1' });
    expect(asked[0]).toMatchObject({
      mode: 'payment',
      client_reference_id: '42',
      metadata: { paymentId: '42', userId: '7', gold: '550' },
      success_url: 'https://t.example/html/gold/shop.jsp?payment=42',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 499 } }],
    });
  });

  it('refuses a Stripe answer without a checkout address', async () => {
    const fake = {
      checkout: { sessions: { create: async () => ({ id: 'cs_2', url: null }) } },
    } as unknown as Stripe;
    await expect(stripeProvider(fake, '').createCheckout(request)).rejects.toThrow('without a url');
  });
});
