import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { HouseAd, PremiumFeatureConfig, PremiumOffer, Spotlight } from '../entities/premium';
import { AdReportReason, PremiumFeatureKey, PremiumProduct } from '../enums';
import { Bool, Id, IdempotencyKey, Timestamp } from '../params';

export const setOnlineStatus = endpoint({
  area: 'premiumfeature',
  call: 'setOnlineStatus',
  method: 'POST',
  summary: 'Set the online status: 0 online, 1 invisible, 2 busy, with an optional message',
  auth: 'member',
  params: Type.Object({
    status: Type.Integer({ minimum: 0, maximum: 2 }),
    message: Type.Optional(Type.String({ maxLength: 140 })),
  }),
  result: Scalars.Boolean,
});

const FeatureOrVip = Type.Union(
  [...Object.values(PremiumFeatureKey), PremiumProduct.VIP].map((key) => Type.Literal(key)),
);
const OfferKey = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9_]+$' });
const BuyErrors = ['ApiNotFoundException', 'InsufficientFundsException'] as const;

export const getPremiumFeatureConfiguration = endpoint({
  area: 'premiumfeature',
  call: 'getPremiumFeatureConfiguration',
  method: 'GET',
  summary: "The caller's state for one premium feature (or VIP): enabled, days left, status settings",
  auth: 'member',
  params: Type.Object({ premiumFeature: FeatureOrVip }),
  result: { name: 'PremiumFeatureConfig', schema: PremiumFeatureConfig },
});

export const getPremiumFeatureOfferStrings = endpoint({
  area: 'premiumfeature',
  call: 'getPremiumFeatureOfferStrings',
  method: 'GET',
  summary: "What can be bought with gold: VIP, each premium feature, spotlights; in the caller's language",
  auth: 'optional',
  params: Type.Object({}),
  result: { name: 'PremiumOffer', schema: PremiumOffer },
});

export const buyPremiumAccess = endpoint({
  area: 'premiumfeature',
  call: 'buyPremiumAccess',
  method: 'POST',
  movesMoney: true,
  summary: 'Buys VIP or a premium feature with gold (one offer); extends what is left; idempotent by key',
  auth: 'member',
  errors: BuyErrors,
  params: Type.Object({ feature: FeatureOrVip, offer: OfferKey, idempotencyKey: IdempotencyKey() }),
  result: { name: 'PremiumFeatureConfig', schema: PremiumFeatureConfig },
});

export const startVipTrial = endpoint({
  area: 'premiumfeature',
  call: 'startVipTrial',
  method: 'POST',
  summary: 'Ours: the one-time free VIP trial, for a member who is not VIP',
  auth: 'member',
  errors: ['ApiForbiddenException'],
  params: Type.Object({}),
  result: { name: 'PremiumFeatureConfig', schema: PremiumFeatureConfig },
});

export const getUserSpotlights = endpoint({
  area: 'premiumfeature',
  call: 'getUserSpotlights',
  method: 'GET',
  summary: 'Members featured now, least shown first (fair rotation); the home, search and chat strips',
  auth: 'optional',
  params: Type.Object({}),
  list: { defaultLimit: 8 },
  result: { name: 'Spotlight', schema: Spotlight },
});

export const purchaseUserSpotlight = endpoint({
  area: 'premiumfeature',
  call: 'purchaseUserSpotlight',
  method: 'POST',
  movesMoney: true,
  summary: 'Pays gold to feature the caller in the spotlight strip for a while; idempotent by key',
  auth: 'member',
  errors: [...BuyErrors, 'ApiForbiddenException'],
  params: Type.Object({ offer: Type.Optional(OfferKey), idempotencyKey: IdempotencyKey() }),
  result: { name: 'Spotlight', schema: Spotlight },
});

export const getAds = endpoint({
  area: 'premiumfeature',
  call: 'getAds',
  method: 'GET',
  summary: 'Ours: the house ads to show the caller in one placement; none for VIP and NO_ADS members',
  auth: 'optional',
  params: Type.Object({ placement: Type.Union([Type.Literal('side'), Type.Literal('feed')]) }),
  result: { name: 'HouseAd', schema: HouseAd },
});

export const getHouseAds = endpoint({
  area: 'premiumfeature',
  call: 'getHouseAds',
  method: 'GET',
  summary: 'Ours, admins: every house ad, newest first',
  auth: 'admin',
  params: Type.Object({}),
  list: { defaultLimit: 50 },
  result: { name: 'HouseAd', schema: HouseAd },
});

export const saveHouseAd = endpoint({
  area: 'premiumfeature',
  call: 'saveHouseAd',
  method: 'POST',
  summary: 'Ours, admins: creates a house ad (no id) or changes one',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    id: Type.Optional(Id()),
    title: Type.String({ minLength: 1, maxLength: 80 }),
    body: Type.Optional(Type.String({ maxLength: 200 })),
    image: Type.Optional(Type.String({ maxLength: 300 })),
    link: Type.String({ minLength: 1, maxLength: 300 }),
    locale: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('es'), Type.Literal('en')])),
    startsAt: Type.Optional(Timestamp()),
    endsAt: Type.Optional(Timestamp()),
    active: Type.Optional(Bool()),
  }),
  result: { name: 'HouseAd', schema: HouseAd },
});

export const reportAd = endpoint({
  area: 'user',
  call: 'reportAd',
  method: 'POST',
  summary: 'Reports an ad to the moderators (the reports queue, kind ad)',
  auth: 'member',
  params: Type.Object({
    url: Type.Optional(Type.String({ maxLength: 500 })),
    code: Type.Optional(
      Type.String({ maxLength: 100, description: 'the ad: a house ad id or a network code' }),
    ),
    position: Type.Optional(Type.String({ maxLength: 40 })),
    reason: Type.Union(AdReportReason.map((r) => Type.Literal(r))),
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
    source: Type.Optional(Type.String({ maxLength: 40, description: 'house or network' })),
  }),
  result: Scalars.Boolean,
});
