import type { ReportContext } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { premiumStore } from './store';

/** What the moderation queue needs of a reported house ad (features/admin/kinds.ts). */
export function adQueueTarget(db: Kysely<Database>) {
  const store = premiumStore(db);
  return {
    async context(adId: number): Promise<ReportContext> {
      const ad = await store.adById(adId);
      if (!ad) return { type: 'ad', gone: true };
      return {
        type: 'ad',
        title: ad.title,
        text: [ad.body, ad.link].filter(Boolean).join(' · '),
        // An ad's image is a link the admin entered (checked when saved), not a stored upload.
        image: ad.image || undefined,
      };
    },

    /** The ad stops running (kept, inactive, for the record). */
    remove: (trx: Kysely<Database>, adId: number) => premiumStore(trx).deactivateAd(adId),
  };
}
