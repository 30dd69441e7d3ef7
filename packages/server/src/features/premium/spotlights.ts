import { imageUrl, PremiumProduct, type Spotlight } from '@tertulia/contract';
import { lockMember } from '../../db/locks';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { member, system } from '../../ledger/ledger';
import { effectiveStar, isVip } from '../../policy/premium';
import { offerOf } from './offers';
import type { PremiumStore, SpotlightRow } from './store';

const DEFAULT_OFFER = 'spotlight_1h';

const present = (row: SpotlightRow): Spotlight => ({
  id: row.id,
  startTime: row.starts_at,
  endTime: row.ends_at,
  user: {
    uid: row.user_id,
    name: row.name,
    image1: row.image1 ? imageUrl(row.image1) : undefined,
    gender: row.gender,
    star: effectiveStar(row),
    hasMocoVIPStar: isVip(row),
  },
});

/** premiumfeature/getUserSpotlights.do and purchaseUserSpotlight.do (docs/premium.md, "Spotlights"). */
export function spotlightsUseCases(deps: Pick<Deps, 'ledger'>, store: PremiumStore) {
  return {
    /** The strip: running spotlights, least shown first; the ones answered count as shown. */
    async current(viewer: UserRow | null, limit: number): Promise<Spotlight[]> {
      const rows = await store.currentSpotlights(viewer?.id ?? null, Date.now(), limit);
      // Counted after the answer is built: a failed count costs one turn of fairness, never the page.
      await store.countShown(rows.map((r) => r.id)).catch(() => {});
      return rows.map(present);
    },

    /** Pays and starts a spotlight now; one running spotlight per member at a time. */
    async purchase(viewer: UserRow, p: { offer?: string; idempotencyKey: string }): Promise<Spotlight> {
      const offer = offerOf(PremiumProduct.SPOTLIGHT, p.offer ?? DEFAULT_OFFER);
      const transferKey = `spotlight:${viewer.id}:${p.idempotencyKey}`;
      const { result } = await deps.ledger.run(
        {
          key: transferKey,
          fingerprint: `spotlight:${offer.key}`,
          kind: 'spotlight',
          actorId: viewer.id,
          reason: offer.key,
        },
        async (trx, move) => {
          // Purchases sent at once wait for each other here, so the check below sees the winner's.
          await lockMember(trx, viewer.id);
          const now = Date.now();
          // Inside the transfer: a refusal rolls the payment back with it.
          if (await store.currentSpotlightOf(trx, viewer.id, now)) throw forbidden('premium.spotlightActive');
          await move([
            { from: member(viewer.id, 'gold'), to: system('spotlights', 'gold'), amount: offer.price },
          ]);
          const endsAt = now + offer.duration;
          const id = await store.insertSpotlight(trx, {
            uid: viewer.id,
            transferKey,
            startsAt: now,
            endsAt,
            now,
          });
          return { id, startTime: now, endTime: endsAt };
        },
      );
      return {
        ...result,
        user: present({
          ...result,
          user_id: viewer.id,
          starts_at: result.startTime,
          ends_at: result.endTime,
          name: viewer.name,
          image1: viewer.image1,
          gender: viewer.gender,
          star: viewer.star,
          vip_until: viewer.vip_until,
        }).user,
      };
    },
  };
}
