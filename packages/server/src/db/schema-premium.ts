/** Tables: VIP subscriptions, spotlights and house ads (docs/premium.md). */
import type { Generated } from 'kysely';

export interface VipSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_ref: string;
  offer: string;
  /** eur or usd (migration 035) */
  currency: Generated<string>;
  /** pending, active, canceled, ended */
  state: string;
  period_end: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SpotlightsTable {
  id: Generated<number>;
  user_id: number;
  transfer_key: string;
  starts_at: number;
  ends_at: number;
  shown: Generated<number>;
  created_at: number;
}

export interface HouseAdsTable {
  id: Generated<number>;
  title: string;
  body: Generated<string>;
  image: Generated<string>;
  link: string;
  locale: Generated<string>;
  starts_at: Generated<number>;
  ends_at: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface PremiumTables {
  vip_subscriptions: VipSubscriptionsTable;
  spotlights: SpotlightsTable;
  house_ads: HouseAdsTable;
}
