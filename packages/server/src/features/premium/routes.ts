import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { premiumAccessUseCases } from './access';
import { adsUseCases } from './ads';
import { offerStrings } from './offers';
import { spotlightsUseCases } from './spotlights';
import { premiumStore } from './store';
import { vipSubscriptionUseCases } from './use-cases';

export function premiumRoutes(deps: Deps) {
  const store = premiumStore(deps.db);
  const access = premiumAccessUseCases(deps, store);
  const strip = spotlightsUseCases(deps, store);
  const houseAds = adsUseCases(deps, store);
  const { subscriptions } = vipSubscriptionUseCases(deps);
  const p = api.premium;
  return [
    bind(p.getPremiumFeatureConfiguration, (q, ctx) => access.config(me(ctx), q.premiumFeature)),
    bind(p.getPremiumFeatureOfferStrings, (_q, ctx) => offerStrings(ctx.locale)),
    bind(p.buyPremiumAccess, (q, ctx) => access.buy(me(ctx), q)),
    bind(p.startVipTrial, (_q, ctx) => access.startTrial(me(ctx))),
    bind(p.getUserSpotlights, (q, ctx) => strip.current(ctx.user, q.limit ?? 8)),
    bind(p.purchaseUserSpotlight, (q, ctx) => strip.purchase(me(ctx), q)),
    bind(p.getAds, (q, ctx) => houseAds.forPlacement(ctx, q.placement)),
    bind(p.getHouseAds, (q) => houseAds.all(q)),
    bind(p.saveHouseAd, (q) => houseAds.save(q)),
    bind(p.reportAd, (q, ctx) => houseAds.report(me(ctx), q)),
    bind(p.subscribeVip, (q, ctx) => subscriptions.subscribe(me(ctx), q)),
    bind(p.getVipSubscription, (_q, ctx) => subscriptions.latest(me(ctx))),
    bind(p.cancelVipSubscription, (_q, ctx) => subscriptions.cancel(me(ctx))),
    bind(p.confirmTestVipSubscription, (q, ctx) => subscriptions.confirmTest(me(ctx), q.subscriptionId)),
  ];
}
