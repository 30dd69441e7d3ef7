import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/**
 * The caller's state for one premium feature (premiumfeature/getPremiumFeatureConfiguration.do).
 * Which fields matter depends on the PremiumFeatureKey; the snake_case names are the API's.
 */
export const PremiumFeatureConfig = Type.Object(
  {
    enabled: Opt(Type.Boolean()),
    usages_remaining: Opt(Type.Integer()),
    days_remaining: Opt(Type.Integer()),
    online_status: Opt(Type.Integer({ description: '0 online, 1 invisible, 2 busy' })),
    onlineStatusMessage: Opt(Type.String()),
    renewal_window: Opt(Type.Integer({ description: 'days before expiry when renewal is offered' })),
    hours_to_send: Opt(Type.Integer()),
  },
  { title: 'PremiumFeatureConfig' },
);
export type PremiumFeatureConfig = Static<typeof PremiumFeatureConfig>;

/** One thing to buy with gold in the gold section: VIP, a premium feature or a spotlight (ours). */
export const PremiumOffer = Type.Object(
  {
    feature: Type.String({ description: 'VIP, SPOTLIGHT or a PremiumFeatureKey' }),
    offer: Type.String({ description: 'the offer key buyPremiumAccess.do / purchaseUserSpotlight.do take' }),
    title: Type.String({ description: "in the caller's language" }),
    description: Type.String({ description: "in the caller's language" }),
    price: Type.Integer({ description: 'gold' }),
    days: Opt(Type.Integer()),
    hours: Opt(Type.Integer()),
  },
  { title: 'PremiumOffer' },
);
export type PremiumOffer = Static<typeof PremiumOffer>;

/** A member featured in the spotlight strip until `endTime` (ours). */
export const Spotlight = Type.Object(
  {
    id: Type.Integer(),
    user: Opt(User),
    startTime: EpochMs(),
    endTime: EpochMs(),
  },
  { title: 'Spotlight' },
);
export type Spotlight = Static<typeof Spotlight>;

/** A house ad admins manage (ours): shown in the side columns and as feed event 25. */
export const HouseAd = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    body: Type.String(),
    image: Opt(Type.String({ description: 'a picture to show; absent: drawn from the title' })),
    link: Type.String({ description: 'a page of the product (/...) or an https address' }),
    locale: Opt(Type.String({ description: 'es, en; absent for every language' })),
    startsAt: Opt(EpochMs()),
    endsAt: Opt(EpochMs('0 or absent: no end')),
    active: Opt(Type.Boolean()),
  },
  { title: 'HouseAd' },
);
export type HouseAd = Static<typeof HouseAd>;

/** A VIP subscription paid through the payment provider (ours). */
export const VipSubscription = Type.Object(
  {
    id: Type.Integer(),
    provider: Type.String({ description: 'test or stripe' }),
    offer: Type.String({ description: 'a VIP_PLANS offer' }),
    state: Type.Union(
      ['pending', 'active', 'canceled', 'ended'].map((s) => Type.Literal(s)),
      { description: 'pending (checkout open), active (renews), canceled (runs to periodEnd), ended' },
    ),
    periodEnd: Opt(EpochMs('end of the paid period; absent while pending')),
    amount: Type.Integer({ description: 'cents per period' }),
    currency: Type.String(),
    days: Type.Integer({ description: 'days per period' }),
    url: Opt(Type.String({ description: 'the checkout to open (subscribeVip.do only)' })),
  },
  { title: 'VipSubscription' },
);
export type VipSubscription = Static<typeof VipSubscription>;
