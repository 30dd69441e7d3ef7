import {
  LOVE_SHARES_PER_DAY,
  type PremiumFeatureConfig,
  PremiumFeatureKey,
  PremiumProduct,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { member, system } from '../../ledger/ledger';
import {
  boughtUntil,
  effectiveOnlineMessage,
  effectiveOnlineStatus,
  FEATURE_COLUMN,
  hasFeature,
  isVip,
  LOVE_SHARE_WINDOW_MS,
  loveAllowance,
  vipEndsAt,
} from '../../policy/premium';
import { recordVipAcquired } from './acquired';
import { DAY, offerOf, type Product, RENEWAL_WINDOW_DAYS, TRIAL_DURATION } from './offers';
import type { ExpiryColumn, PremiumStore } from './store';

/** Whole days left until `until` (rounded up); undefined for no end or nothing left. */
const daysLeft = (until: number, now: number) =>
  Number.isFinite(until) && until > now ? Math.ceil((until - now) / DAY) : undefined;

/** PremiumFeatureConfig of one product for the member's row at `now` (policy/premium.ts decides). */
export function configOf(row: UserRow, product: Product, now = Date.now()): PremiumFeatureConfig {
  if (product === PremiumProduct.VIP) {
    return {
      enabled: isVip(row, now),
      days_remaining: daysLeft(vipEndsAt(row, now), now),
      renewal_window: RENEWAL_WINDOW_DAYS,
    };
  }
  const until = Math.max(vipEndsAt(row, now), boughtUntil(row, product, now));
  const config: PremiumFeatureConfig = {
    enabled: hasFeature(row, product, now),
    days_remaining: daysLeft(until, now),
    renewal_window: RENEWAL_WINDOW_DAYS,
  };
  if (product === PremiumFeatureKey.IM_STATUS) {
    config.online_status = effectiveOnlineStatus(row, now);
    config.onlineStatusMessage = effectiveOnlineMessage(row, now) ?? undefined;
  }
  return config;
}

/**
 * SHARE_LOVE's config with its counters (docs/premium.md, "SHARE_LOVE counters"), from the love
 * transfers the member made in the last 24 hours. Without the feature nothing can be sent:
 * usages_remaining 0 and no hours_to_send.
 */
async function withLoveCounters(
  ledger: Deps['ledger'],
  row: UserRow,
  config: PremiumFeatureConfig,
  now = Date.now(),
): Promise<PremiumFeatureConfig> {
  if (!config.enabled) return { ...config, usages_remaining: 0 };
  const times = await ledger.transferTimes(row.id, 'love', now - LOVE_SHARE_WINDOW_MS, LOVE_SHARES_PER_DAY);
  const { usagesRemaining, hoursToSend } = loveAllowance(times, now);
  return { ...config, usages_remaining: usagesRemaining, hours_to_send: hoursToSend };
}

const columnOf = (product: Product): ExpiryColumn =>
  product === PremiumProduct.VIP ? 'vip_until' : FEATURE_COLUMN[product];

/** Buying VIP or a premium feature with gold, and the one-time VIP trial (docs/premium.md). */
export function premiumAccessUseCases(deps: Pick<Deps, 'ledger' | 'db' | 'feedLog'>, store: PremiumStore) {
  return {
    async config(viewer: UserRow, product: Product) {
      const config = configOf(viewer, product);
      return product === PremiumFeatureKey.SHARE_LOVE
        ? withLoveCounters(deps.ledger, viewer, config)
        : config;
    },

    /**
     * One ledger transfer pays the offer and extends the expiry on the member's row, or neither
     * happens. The same idempotency key again answers the first purchase and pays nothing.
     */
    async buy(viewer: UserRow, p: { feature: Product; offer: string; idempotencyKey: string }) {
      const offer = offerOf(p.feature, p.offer);
      const column = columnOf(p.feature);
      const { result: until } = await deps.ledger.run(
        {
          key: `premium:${viewer.id}:${p.idempotencyKey}`,
          fingerprint: `premium:${p.feature}:${offer.key}`,
          kind: 'premium',
          actorId: viewer.id,
          reason: `${p.feature} ${offer.key}`,
        },
        async (trx, move) => {
          await move([
            { from: member(viewer.id, 'gold'), to: system('premium', 'gold'), amount: offer.price },
          ]);
          const now = Date.now();
          if (p.feature === PremiumProduct.VIP && !isVip(viewer, now))
            await recordVipAcquired(deps.feedLog, trx, { uid: viewer.id, cause: p.idempotencyKey, now });
          return store.extend(trx, viewer.id, column, offer.duration, now);
        },
      );
      // The row as the purchase left it (a replay's expiry is the first purchase's).
      const row = { ...viewer, [column]: Math.max(until, Number(viewer[column])) };
      const config = configOf(row, p.feature);
      return p.feature === PremiumFeatureKey.SHARE_LOVE ? withLoveCounters(deps.ledger, row, config) : config;
    },

    /** The free trial: once per member, and not for a member who is VIP already. */
    async startTrial(viewer: UserRow) {
      const now = Date.now();
      if (isVip(viewer, now)) throw forbidden('premium.alreadyVip');
      const started = await deps.db.transaction().execute(async (trx) => {
        if (!(await store.startTrial(viewer.id, TRIAL_DURATION, now, trx))) return false;
        await recordVipAcquired(deps.feedLog, trx, { uid: viewer.id, cause: 'trial', now });
        return true;
      });
      if (!started) throw forbidden('premium.trialUsed');
      return configOf(
        { ...viewer, vip_until: now + TRIAL_DURATION, vip_trial_at: now },
        PremiumProduct.VIP,
        now,
      );
    },
  };
}
