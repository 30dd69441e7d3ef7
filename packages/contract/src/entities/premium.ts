import { type Static, Type } from '@sinclair/typebox';
import { Opt } from './common';

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
