import { AdPlacement, type HouseAd } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { RequestContext, UserRow } from '../../http/context';
import { invalid, notFound, rateLimited } from '../../http/errors';
import { safeLink } from '../../http/safe-link';
import { seesAds } from '../../policy/premium';
import { HOUR } from './offers';
import type { HouseAdRow, PremiumStore } from './store';

const ADS_PER_PLACEMENT = { [AdPlacement.SIDE]: 3, [AdPlacement.FEED]: 1 } as const;
const AD_REPORTS_PER_HOUR = 20;

const present = (row: HouseAdRow, full: boolean): HouseAd => ({
  id: row.id,
  title: row.title,
  body: row.body,
  image: row.image || undefined,
  link: row.link,
  locale: full ? row.locale || undefined : undefined,
  startsAt: full ? row.starts_at : undefined,
  endsAt: full ? row.ends_at || undefined : undefined,
  active: full ? row.active === 1 : undefined,
});

export interface HouseAdParams {
  id?: number;
  title: string;
  body?: string;
  image?: string;
  link: string;
  locale?: '' | 'es' | 'en';
  startsAt?: number;
  endsAt?: number;
  active?: boolean;
}

/** House ads (docs/premium.md, "Ads"): what a member is shown, what admins manage, ad reports. */
export function adsUseCases(deps: Pick<Deps, 'limiter'>, store: PremiumStore) {
  return {
    /** None for VIP and NO_ADS members (policy/premium.ts); anonymous visitors see them. */
    async forPlacement(ctx: RequestContext, placement: AdPlacement): Promise<HouseAd[]> {
      if (!seesAds(ctx.user)) return [];
      const rows = await store.runningAds(ctx.locale, Date.now(), ADS_PER_PLACEMENT[placement]);
      // An ad stored before links were parsed (a /\host kind) is not shown.
      const safe = rows.filter((row) => safeLink(row.link) && (!row.image || safeLink(row.image)));
      return safe.map((row) => present(row, false));
    },

    async all(p: { page?: number; limit?: number }): Promise<HouseAd[]> {
      const size = p.limit ?? 50;
      const rows = await store.allAds(((p.page ?? 1) - 1) * size, size);
      return rows.map((row) => present(row, true));
    },

    async save(p: HouseAdParams): Promise<HouseAd> {
      // A page of the site or an https address, parsed as a browser would (http/safe-link.ts).
      const link = safeLink(p.link.trim());
      if (!link) throw invalid('link', 'premium.adLink');
      const givenImage = p.image?.trim() ?? '';
      const image = givenImage ? safeLink(givenImage) : '';
      if (image === undefined) throw invalid('image', 'premium.adImage');
      const startsAt = p.startsAt ?? 0;
      const endsAt = p.endsAt ?? 0;
      if (endsAt !== 0 && endsAt <= startsAt) throw invalid('endsAt', 'premium.adDates');
      const values = {
        title: p.title.trim(),
        body: p.body?.trim() ?? '',
        image,
        link,
        locale: p.locale ?? '',
        starts_at: startsAt,
        ends_at: endsAt,
        active: p.active === false ? 0 : 1,
      };
      if (!values.title) throw invalid('title');
      let id = p.id;
      if (id === undefined) id = await store.insertAd(values, Date.now());
      else {
        if (!(await store.adById(id))) throw notFound('premium.adNotFound');
        await store.updateAd(id, values);
      }
      return present((await store.adById(id))!, true);
    },

    /** user/reportAd.do: into the moderators' queue with what the member saw and why. */
    async report(
      viewer: UserRow,
      p: {
        url?: string;
        code?: string;
        position?: string;
        reason: string;
        comment?: string;
        source?: string;
      },
    ): Promise<boolean> {
      const decision = await deps.limiter.hit(`reportAd:${viewer.id}`, AD_REPORTS_PER_HOUR, HOUR);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      const houseAd = p.source !== 'network' && /^\d{1,9}$/.test(p.code ?? '') ? Number(p.code) : null;
      const details = [
        `reason: ${p.reason}`,
        p.position ? `position: ${p.position}` : '',
        p.source ? `source: ${p.source}` : '',
        p.code ? `code: ${p.code}` : '',
        p.comment?.trim() ?? '',
      ];
      await store.insertAdReport({
        reporter: viewer.id,
        adId: houseAd,
        comment: details.filter(Boolean).join('\n'),
        url: p.url?.trim() || null,
        now: Date.now(),
      });
      return true;
    },
  };
}
