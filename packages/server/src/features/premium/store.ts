import { type Kysely, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database, HouseAdsTable } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';
import type { FEATURE_COLUMN } from '../../policy/premium';

type Q = Kysely<Database>;
/** The expiry columns a purchase extends (policy/premium.ts). */
export type ExpiryColumn = 'vip_until' | (typeof FEATURE_COLUMN)[keyof typeof FEATURE_COLUMN];

export type HouseAdRow = Selectable<HouseAdsTable>;

export interface SpotlightRow {
  id: number;
  user_id: number;
  starts_at: number;
  ends_at: number;
  name: string;
  image1: string | null;
  gender: 'm' | 'f';
  star: number;
  vip_until: number;
}

export interface HouseAdValues {
  title: string;
  body: string;
  image: string;
  link: string;
  locale: string;
  starts_at: number;
  ends_at: number;
  active: number;
}

/** Every SQL statement of VIP, premium features, spotlights and house ads (docs/premium.md). */
export function premiumStore(db: Db) {
  return {
    /**
     * Adds `duration` to what is left of an expiry (from now when it has passed), in the
     * caller's transaction; answers the new expiry. One statement, so two purchases both count.
     */
    async extend(trx: Q, uid: number, column: ExpiryColumn, duration: number, now: number): Promise<number> {
      const col = sql.ref<number>(column);
      await trx
        .updateTable('users')
        .set({ [column]: sql<number>`(CASE WHEN ${col} > ${now} THEN ${col} ELSE ${now} END) + ${duration}` })
        .where('id', '=', uid)
        .execute();
      const row = await trx
        .selectFrom('users')
        .select(column)
        .where('id', '=', uid)
        .executeTakeFirstOrThrow();
      return Number((row as Record<string, number>)[column]);
    },

    /** Takes the one-time trial: false when it was taken before (the condition makes it once only). */
    async startTrial(uid: number, duration: number, now: number, q: Q = db): Promise<boolean> {
      const result = await q
        .updateTable('users')
        .set({ vip_trial_at: now, vip_until: now + duration })
        .where('id', '=', uid)
        .where('vip_trial_at', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The member's spotlight running at `now` or later, if any. */
    currentSpotlightOf(q: Q, uid: number, now: number) {
      return q
        .selectFrom('spotlights')
        .select(['id', 'starts_at', 'ends_at'])
        .where('user_id', '=', uid)
        .where('ends_at', '>', now)
        .executeTakeFirst();
    },

    async insertSpotlight(
      trx: Q,
      s: { uid: number; transferKey: string; startsAt: number; endsAt: number; now: number },
    ): Promise<number> {
      const row = await trx
        .insertInto('spotlights')
        .values({
          user_id: s.uid,
          transfer_key: s.transferKey,
          starts_at: s.startsAt,
          ends_at: s.endsAt,
          created_at: s.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Spotlights running now, least shown first (then the oldest): each answer moves the shown
     * ones back, so every paid member gets their turn. Banned members and, for a viewer, members
     * either of them blocked are left out.
     */
    currentSpotlights(viewer: number | null, now: number, limit: number): Promise<SpotlightRow[]> {
      let query = db
        .selectFrom('spotlights as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.id',
          's.user_id',
          's.starts_at',
          's.ends_at',
          'u.name',
          'u.image1',
          'u.gender',
          'u.star',
          'u.vip_until',
        ])
        .where('s.ends_at', '>', now)
        .where('s.starts_at', '<=', now)
        .where('u.banned_at', '=', 0);
      if (viewer !== null) query = query.where((eb) => noBlockWith(eb, viewer, 's.user_id'));
      return query.orderBy('s.shown').orderBy('s.id').limit(limit).execute();
    },

    async countShown(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('spotlights')
        .set({ shown: sql<number>`shown + 1` })
        .where('id', 'in', ids)
        .execute();
    },

    /** House ads running at `now` for a language ('' ones run for every language). */
    runningAds(locale: string, now: number, limit: number): Promise<HouseAdRow[]> {
      return db
        .selectFrom('house_ads')
        .selectAll()
        .where('active', '=', 1)
        .where('locale', 'in', ['', locale])
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', '=', 0), eb('ends_at', '>', now)]))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    allAds(offset: number, limit: number): Promise<HouseAdRow[]> {
      return db
        .selectFrom('house_ads')
        .selectAll()
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    adById(id: number): Promise<HouseAdRow | undefined> {
      return db.selectFrom('house_ads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertAd(values: HouseAdValues, now: number): Promise<number> {
      const row = await db
        .insertInto('house_ads')
        .values({ ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateAd(id: number, values: HouseAdValues): Promise<void> {
      await db.updateTable('house_ads').set(values).where('id', '=', id).execute();
    },

    /** A moderator takes a reported ad down (it stays for the record, inactive). */
    async deactivateAd(id: number): Promise<void> {
      await db.updateTable('house_ads').set({ active: 0 }).where('id', '=', id).execute();
    },

    /** An ad report joins the moderators' queue (the reports table, kind 'ad'). */
    async insertAdReport(r: {
      reporter: number;
      adId: number | null;
      comment: string;
      url: string | null;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('reports')
        .values({
          reporter_id: r.reporter,
          reported_id: null,
          kind: 'ad',
          item_id: r.adId,
          comment: r.comment,
          url: r.url,
          created_at: r.now,
        })
        .execute();
    },
  };
}

export type PremiumStore = ReturnType<typeof premiumStore>;
