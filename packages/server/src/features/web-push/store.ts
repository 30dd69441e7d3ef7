import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushSettingsRow, PushTarget } from '../../push/web-push';

export type { PushSettingsRow };

/** Devices one member may have subscribed at once; a new one past it replaces the oldest. */
export const MAX_DEVICES = 10;
const CHUNK = 1000;

export const DEFAULT_PUSH_SETTINGS: PushSettingsRow = {
  messages: 1,
  friend_requests: 1,
  gifts: 1,
  profile_visits: 1,
  chat_private: 1,
  broadcasts: 1,
  media: 1,
  previews: 1,
  prompt: 0,
};

/** Every SQL statement of Web Push: subscriptions and settings (docs/web-push.md). */
export function subscriptionStore(db: Kysely<Database>) {
  return {
    /** Stores the browser's subscription for this session, moving it if another member had it. */
    async save(row: {
      user_id: number;
      session_hash: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      now: number;
    }) {
      await db.transaction().execute(async (trx) => {
        // One row per endpoint (unique): the same browser subscribing again, even many times at
        // once, updates it in place rather than racing a delete and an insert.
        const values = {
          user_id: row.user_id,
          session_hash: row.session_hash,
          p256dh: row.p256dh,
          auth: row.auth,
          created_at: row.now,
        };
        await trx
          .insertInto('push_subscriptions')
          .values({ ...values, endpoint: row.endpoint })
          .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
          .execute();
        const extra = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', row.user_id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(MAX_DEVICES)
          .limit(100)
          .execute();
        if (extra.length)
          await trx
            .deleteFrom('push_subscriptions')
            .where(
              'id',
              'in',
              extra.map((e) => e.id),
            )
            .execute();
      });
    },

    async remove(userId: number, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The push service answered that these no longer exist. */
    async removeIds(ids: number[]): Promise<void> {
      if (ids.length) await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
    },

    async deviceCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async settings(userId: number): Promise<PushSettingsRow> {
      const row = await db
        .selectFrom('push_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return { ...DEFAULT_PUSH_SETTINGS };
      const { user_id: _, ...settings } = row;
      return settings as PushSettingsRow;
    },

    async saveSettings(userId: number, values: Partial<PushSettingsRow>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db
        .insertInto('push_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /**
     * The live subscriptions of these members: their session still open, the member neither
     * banned nor deleted; with each member's settings, language, star and premium expiries.
     */
    async targets(userIds: number[], now: number): Promise<PushTarget[]> {
      const out: PushTarget[] = [];
      for (let i = 0; i < userIds.length; i += CHUNK) {
        const rows = await db
          .selectFrom('push_subscriptions as s')
          .innerJoin('sessions as se', 'se.id_hash', 's.session_hash')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .leftJoin('push_settings as p', 'p.user_id', 's.user_id')
          .select([
            's.id',
            's.user_id',
            's.endpoint',
            's.p256dh',
            's.auth',
            'u.locale',
            'u.star',
            'u.vip_until',
            'u.no_ads_until',
            'u.who_viewed_until',
            'u.im_status_until',
            'u.share_love_until',
            'p.messages',
            'p.friend_requests',
            'p.gifts',
            'p.profile_visits',
            'p.chat_private',
            'p.broadcasts',
            'p.media',
            'p.previews',
            'p.prompt',
          ])
          .where('s.user_id', 'in', userIds.slice(i, i + CHUNK))
          .where('se.expires_at', '>', now)
          .where('u.banned_at', '=', 0)
          .execute();
        for (const r of rows) {
          const settings = Object.fromEntries(
            Object.entries(DEFAULT_PUSH_SETTINGS).map(([k, d]) => [
              k,
              (r as Record<string, unknown>)[k] ?? d,
            ]),
          ) as PushSettingsRow;
          out.push({
            ...settings,
            id: r.id,
            user_id: r.user_id,
            endpoint: r.endpoint,
            p256dh: r.p256dh,
            auth: r.auth,
            locale: r.locale,
            star: Number(r.star),
            vip_until: Number(r.vip_until),
            no_ads_until: Number(r.no_ads_until),
            who_viewed_until: Number(r.who_viewed_until),
            im_status_until: Number(r.im_status_until),
            share_love_until: Number(r.share_love_until),
          });
        }
      }
      return out;
    },
  };
}
export type SubscriptionStore = ReturnType<typeof subscriptionStore>;
