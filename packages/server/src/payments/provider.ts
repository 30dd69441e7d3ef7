/** The payment provider behind gold and VIP: Stripe when STRIPE_SECRET_KEY is set, else the test provider (docs/gifts.md). */
import Stripe from 'stripe';
import type { Config } from '../config';

/** What a provider needs to open a checkout for one gold package. */
export interface CheckoutRequest {
  paymentId: number;
  userId: number;
  gold: number;
  amountCents: number;
  currency: 'eur' | 'usd';
  /** Where the browser returns after paying or giving up. */
  returnUrl: string;
}

/** A payment provider: opens a checkout; payment confirmation arrives later (webhook or test page). */
export interface PaymentProvider {
  name: 'test' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ ref: string; url: string }>;
}

/** The page the test provider's checkout lives on (features/gifts web). */
export const TEST_CHECKOUT_PATH = '/html/gold/checkout.jsp';

/**
 * The built-in test provider, the default without a Stripe key: its checkout page says it is a
 * test and charges nothing; paying there credits the gold (gift/confirmTestPayment.do).
 */
export function testProvider(): PaymentProvider {
  return {
    name: 'test',
    async createCheckout(r) {
      return { ref: `test_${r.paymentId}`, url: `${TEST_CHECKOUT_PATH}?payment=${r.paymentId}` };
    },
  };
}

/** Stripe Checkout through the official SDK; the gold is credited by the signed webhook (stripe-webhook.ts). */
export function stripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(r) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: r.currency,
              unit_amount: r.amountCents,
              product_data: { name: `${r.gold} oro / gold` },
            },
          },
        ],
        client_reference_id: String(r.paymentId),
        metadata: { paymentId: String(r.paymentId), userId: String(r.userId), gold: String(r.gold) },
        success_url: `${publicUrl}${r.returnUrl}`,
        cancel_url: `${publicUrl}${r.returnUrl}`,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { ref: session.id, url: session.url };
    },
  };
}

/** The Stripe client when a key is configured (it talks to the network only when called). */
export const stripeClient = (config: Pick<Config, 'stripeSecretKey'>) =>
  config.stripeSecretKey ? new Stripe(config.stripeSecretKey) : undefined;

/** The provider of this deployment: Stripe with a key, the test provider otherwise. */
export function paymentProvider(config: Pick<Config, 'stripeSecretKey' | 'publicUrl'>): PaymentProvider {
  const stripe = stripeClient(config);
  return stripe ? stripeProvider(stripe, config.publicUrl ?? '') : testProvider();
}
