import type Stripe from 'stripe';
import type { SubscriptionStore } from './subscription-store';
import type { VipSubscriptions } from './subscriptions';

/** Stripe's period end: on the subscription's item since API 2025-03, on the subscription before. */
function periodEndMs(sub: Stripe.Subscription): number {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return (item?.current_period_end ?? legacy ?? 0) * 1000;
}

/**
 * The VIP subscription events of Stripe's one webhook (gifts/stripe-webhook.ts verifies the
 * signature and hands them here). Our row is named in the subscription's metadata, so events are
 * understood in any order; one about a row we do not know yet answers false (deliver again).
 * - created/updated, status active or trialing: the paid period (VIP to its end); with
 *   cancel_at_period_end the row is canceled, without it active again (renewals resumed).
 * - deleted, or a status that will never pay (canceled, unpaid, incomplete_expired): ended. The
 *   VIP already paid for runs to its end.
 * Answers undefined for events that are not about VIP subscriptions.
 */
export function vipStripeEvents(store: SubscriptionStore, subscriptions: VipSubscriptions) {
  return async (event: Stripe.Event): Promise<boolean | undefined> => {
    if (!event.type.startsWith('customer.subscription.')) return undefined;
    const sub = event.data.object as Stripe.Subscription;
    const ours = Number(sub.metadata?.vipSubscriptionId);
    if (!Number.isInteger(ours) || ours <= 0) return undefined;
    const row = (await store.byRef(sub.id)) ?? (await store.byId(ours));
    if (!row) return false;
    if (row.provider_ref !== sub.id) await store.setProviderRef(row.id, sub.id);
    const ended =
      event.type === 'customer.subscription.deleted' ||
      ['canceled', 'unpaid', 'incomplete_expired'].includes(sub.status);
    if (ended) {
      await store.transition(row.id, ['pending', 'active', 'canceled'], 'ended');
      return true;
    }
    if (sub.status !== 'active' && sub.status !== 'trialing') return true; // past_due, incomplete: wait
    await subscriptions.paid(row, periodEndMs(sub));
    if (sub.cancel_at_period_end) await store.transition(row.id, ['active'], 'canceled');
    else await store.transition(row.id, ['canceled'], 'active');
    return true;
  };
}
