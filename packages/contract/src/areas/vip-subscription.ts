import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { VipSubscription } from '../entities/premium';
import { VIP_PLANS } from '../enums';
import { Id } from '../params';

/**
 * VIP paid with money as a subscription through the payment provider (ours; docs/premium.md):
 * pending until the provider confirms the first period, active while it renews, canceled (runs to
 * the end of the paid period, renews no more), ended.
 */
const Plan = Type.Union(VIP_PLANS.map((p) => Type.Literal(p.offer)));
const Subscription = { name: 'VipSubscription', schema: VipSubscription } as const;

export const subscribeVip = endpoint({
  area: 'premiumfeature',
  call: 'subscribeVip',
  method: 'POST',
  summary: 'Ours: opens the provider checkout for a VIP subscription; refused while one is running',
  auth: 'member',
  errors: ['ApiForbiddenException'],
  params: Type.Object({
    offer: Plan,
    currency: Type.Optional(Type.Union([Type.Literal('eur'), Type.Literal('usd')])),
  }),
  result: Subscription,
});

export const getVipSubscription = endpoint({
  area: 'premiumfeature',
  call: 'getVipSubscription',
  method: 'GET',
  summary: "Ours: the caller's latest VIP subscription (none: an empty list)",
  auth: 'member',
  params: Type.Object({}),
  result: Subscription,
});

export const cancelVipSubscription = endpoint({
  area: 'premiumfeature',
  call: 'cancelVipSubscription',
  method: 'POST',
  summary: 'Ours: stops renewing; VIP lasts to the end of the paid period',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({}),
  result: Subscription,
});

export const confirmTestVipSubscription = endpoint({
  area: 'premiumfeature',
  call: 'confirmTestVipSubscription',
  method: 'POST',
  summary: "Ours: the test provider's checkout page pays a period (the first, or the next: a renewal)",
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({ subscriptionId: Id() }),
  result: Subscription,
});
