import { VIP_PLANS, type VipSubscription } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { DAY } from './offers';
import type { SubscriptionRow, SubscriptionStore } from './subscription-store';
import type { SubscriptionProvider } from './vip-provider';

/** Where the browser comes back to after the provider's checkout. */
export const VIP_PAGE_PATH = '/html/gold/vip.jsp';

const planOf = (offer: string) => VIP_PLANS.find((p) => p.offer === offer) ?? VIP_PLANS[0];

/** A canceled subscription whose paid period is over has ended, whether or not a webhook said so. */
const stateAt = (row: SubscriptionRow, now: number): VipSubscription['state'] =>
  row.state === 'canceled' && Number(row.period_end) <= now
    ? 'ended'
    : (row.state as VipSubscription['state']);

export function toSubscription(row: SubscriptionRow, url?: string, now = Date.now()): VipSubscription {
  const plan = planOf(row.offer);
  const currency = row.currency === 'usd' ? 'usd' : 'eur';
  return {
    id: row.id,
    provider: row.provider,
    offer: row.offer,
    state: stateAt(row, now),
    periodEnd: Number(row.period_end) > 0 ? Number(row.period_end) : undefined,
    amount: plan[currency],
    currency,
    days: plan.days,
    url,
  };
}

/**
 * VIP as a subscription through the payment provider (docs/premium.md): pending until the first
 * period is paid, active while periods are paid (each extends VIP to the period's end), canceled
 * when the member stops renewals (VIP runs to the end of what was paid), ended.
 */
export function vipSubscriptions(
  deps: Pick<Deps, 'db'>,
  store: SubscriptionStore,
  provider: SubscriptionProvider,
) {
  const mine = async (viewer: UserRow, id: number) => {
    const row = await store.byId(id);
    if (!row || row.user_id !== viewer.id) throw notFound('premium.subscriptionNotFound');
    return row;
  };

  return {
    async subscribe(viewer: UserRow, p: { offer: string; currency?: 'eur' | 'usd' }) {
      if (await store.running(viewer.id, Date.now())) throw forbidden('premium.alreadySubscribed');
      const plan = planOf(p.offer);
      const currency = p.currency ?? 'eur';
      const row = await store.insert({
        user_id: viewer.id,
        provider: provider.name,
        // Replaced by the provider's reference below; unique meanwhile.
        provider_ref: `new_${viewer.id}_${Date.now()}_${Math.random().toString(36).slice(2)}`,
        offer: plan.offer,
        currency,
      });
      const checkout = await provider.checkout({
        subscriptionId: row.id,
        userId: viewer.id,
        amountCents: plan[currency],
        currency,
        days: plan.days,
        returnUrl: `${VIP_PAGE_PATH}?subscription=${row.id}`,
      });
      await store.setProviderRef(row.id, checkout.ref);
      return toSubscription(row, checkout.url);
    },

    async latest(viewer: UserRow): Promise<VipSubscription[]> {
      const row = await store.latestOf(viewer.id);
      return row ? [toSubscription(row)] : [];
    },

    async cancel(viewer: UserRow) {
      const now = Date.now();
      const row = (await store.running(viewer.id, now)) ?? (await store.latestOf(viewer.id));
      if (!row || stateAt(row, now) === 'ended') throw notFound('premium.subscriptionNotFound');
      if (row.state === 'pending') {
        // Nothing was paid: the checkout simply will not count any more.
        await store.transition(row.id, ['pending'], 'ended');
      } else if (row.state === 'active') {
        if (provider.name === 'stripe' && row.provider_ref.startsWith('sub_'))
          await provider.cancelAtPeriodEnd(row.provider_ref);
        await store.transition(row.id, ['active'], 'canceled');
      }
      return toSubscription((await store.byId(row.id))!);
    },

    /**
     * The test provider charges a period: the first one (pending) or the next (a renewal, which a
     * real provider does on its own at the period's end). Refused for a canceled or ended one.
     */
    async confirmTest(viewer: UserRow, id: number) {
      const row = await mine(viewer, id);
      if (row.provider !== 'test') throw forbidden('gold.testProviderOnly');
      if (row.state !== 'pending' && row.state !== 'active') throw forbidden('premium.subscriptionStopped');
      const now = Date.now();
      const from = Math.max(Number(row.period_end), now);
      await this.paid(row, from + planOf(row.offer).days * DAY);
      return toSubscription((await store.byId(id))!);
    },

    /** A period paid up to `periodEnd` (the provider's word): VIP until then, once. */
    paid: (row: SubscriptionRow, periodEnd: number) =>
      deps.db.transaction().execute((trx) => store.paidUntil(trx, row, periodEnd)),
  };
}

export type VipSubscriptions = ReturnType<typeof vipSubscriptions>;
