import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, type ParamsOf } from '@tertulia/contract';
import { callOne } from '../client';
import { keyOf, listQuery } from '../query';
import { one } from './define';
import { sessionKey } from './user';

/**
 * The gold section's calls (VIP, premium features, spotlights, ads; docs/premium.md), apart from
 * premium.ts, whose status call the header needs: these load with the pages that use them.
 */
const p = api.premium;

export const premiumOffersKey = keyOf(p.getPremiumFeatureOfferStrings);
export const usePremiumOffers = () =>
  useQuery({ ...listQuery(p.getPremiumFeatureOfferStrings, {}), staleTime: 10 * 60_000 });
export const usePremiumConfig = (
  premiumFeature: ParamsOf<typeof p.getPremiumFeatureConfiguration>['premiumFeature'],
) =>
  useQuery({
    queryKey: keyOf(p.getPremiumFeatureConfiguration, { premiumFeature }),
    queryFn: ({ signal }) => callOne(p.getPremiumFeatureConfiguration, { premiumFeature }, { signal }),
  });
/** Read again on every page that shows it: a checkout or a webhook changes it elsewhere. */
export const useVipSubscription = () =>
  useQuery({ ...listQuery(p.getVipSubscription, {}), refetchOnMount: 'always' });
export const useSpotlights = (enabled = true) =>
  useQuery({ ...listQuery(p.getUserSpotlights, { limit: 8 }), enabled, staleTime: 60_000 });
export const useAds = (placement: 'side' | 'feed', enabled: boolean) =>
  useQuery({ ...listQuery(p.getAds, { placement }), enabled, staleTime: 5 * 60_000 });

export const buyPremiumAccess = /* @__PURE__ */ one(p.buyPremiumAccess);
export const startVipTrial = /* @__PURE__ */ one(p.startVipTrial);
export const purchaseUserSpotlight = /* @__PURE__ */ one(p.purchaseUserSpotlight);
export const subscribeVip = /* @__PURE__ */ one(p.subscribeVip);
export const cancelVipSubscription = /* @__PURE__ */ one(p.cancelVipSubscription);
export const confirmTestVipSubscription = /* @__PURE__ */ one(p.confirmTestVipSubscription);
export const reportAd = /* @__PURE__ */ one(p.reportAd);
export const saveHouseAd = /* @__PURE__ */ one(p.saveHouseAd);

/**
 * After anything is bought: the session (vip, star, premiumFeatures), the gold, the configs and
 * the spotlights are read again, so every screen follows at once.
 */
export function refreshPremium(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKey }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.gift.fetchMocoGoldBalance) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getPremiumFeatureConfiguration) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getVipSubscription) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getUserSpotlights) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getAds) }),
  ]);
}
