import type Stripe from 'stripe';
import type { Config } from '../../config';
import { stripeClient } from '../../payments/provider';

/** What a provider needs to open a VIP subscription checkout. */
export interface SubscriptionCheckout {
  subscriptionId: number;
  userId: number;
  amountCents: number;
  currency: 'eur' | 'usd';
  days: number;
  returnUrl: string;
}

/**
 * Who charges VIP periods: Stripe Billing with a key, the built-in test provider otherwise (its
 * checkout page says it is a test and charges nothing; docs/premium.md).
 */
export interface SubscriptionProvider {
  name: 'test' | 'stripe';
  checkout(request: SubscriptionCheckout): Promise<{ ref: string; url: string }>;
  /** Stops renewals at the provider; the paid period runs to its end. */
  cancelAtPeriodEnd(ref: string): Promise<void>;
}

/** The gold section's checkout page (features/gifts web), which also pays test subscriptions. */
export const TEST_SUBSCRIPTION_CHECKOUT = '/html/gold/checkout.jsp';

export function testSubscriptions(): SubscriptionProvider {
  return {
    name: 'test',
    async checkout(r) {
      return {
        ref: `test_sub_${r.subscriptionId}`,
        url: `${TEST_SUBSCRIPTION_CHECKOUT}?subscription=${r.subscriptionId}`,
      };
    },
    async cancelAtPeriodEnd() {},
  };
}

/** Stripe Checkout in subscription mode; periods are confirmed by the signed webhook (vip-webhook.ts). */
export function stripeSubscriptions(stripe: Stripe, publicUrl: string): SubscriptionProvider {
  return {
    name: 'stripe',
    async checkout(r) {
      const metadata = { vipSubscriptionId: String(r.subscriptionId), userId: String(r.userId) };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: r.currency,
              unit_amount: r.amountCents,
              recurring: { interval: 'day', interval_count: r.days },
              product_data: { name: 'Tertulia VIP' },
            },
          },
        ],
        client_reference_id: String(r.subscriptionId),
        metadata,
        // On the subscription itself, so every later event about it names our row.
        subscription_data: { metadata },
        success_url: `${publicUrl}${r.returnUrl}`,
        cancel_url: `${publicUrl}${r.returnUrl}`,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { ref: session.id, url: session.url };
    },
    async cancelAtPeriodEnd(ref) {
      await stripe.subscriptions.update(ref, { cancel_at_period_end: true });
    },
  };
}

export function subscriptionProvider(
  config: Pick<Config, 'stripeSecretKey' | 'publicUrl'>,
): SubscriptionProvider {
  const stripe = stripeClient(config);
  return stripe ? stripeSubscriptions(stripe, config.publicUrl ?? '') : testSubscriptions();
}
