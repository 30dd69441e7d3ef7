import type { Deps } from '../../deps';
import { subscriptionStore } from './subscription-store';
import { vipSubscriptions } from './subscriptions';
import { subscriptionProvider } from './vip-provider';
import { vipStripeEvents } from './vip-webhook';

/** VIP subscriptions, assembled for routes.ts and for app.ts (Stripe's webhook hands events here). */
export function vipSubscriptionUseCases(deps: Deps) {
  const store = subscriptionStore(deps.db);
  const subscriptions = vipSubscriptions(deps, store, subscriptionProvider(deps.config));
  return { store, subscriptions, stripeEvents: vipStripeEvents(store, subscriptions) };
}
