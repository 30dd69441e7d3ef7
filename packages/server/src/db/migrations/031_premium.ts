import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumnType, isPostgres, primaryId } from '../dialect';

const PREMIUM_COLUMNS = ['no_ads_until', 'who_viewed_until', 'im_status_until', 'share_love_until'];

/**
 * VIP and premium features (docs/premium.md): the VIP expiry kept on the member's row (so every
 * cache of the row is dropped when it changes, db/member-writes.ts), the premium features a member
 * bought (expiries on the row too), VIP subscriptions with a payment provider, and paid spotlights.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The clock in SQL, epoch ms (SQLite registers the same function when it opens, db/index.ts).
  if (isPostgres(db))
    await sql`CREATE OR REPLACE FUNCTION now_ms() RETURNS bigint LANGUAGE sql VOLATILE AS
      $$ SELECT (extract(epoch from clock_timestamp()) * 1000)::bigint $$`.execute(db);
  // Epoch ms until which the member is VIP; 0 never. A permanent VIP keeps star 2 or 3 instead.
  await db.schema
    .alterTable('users')
    .addColumn('vip_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // When the one-time trial was taken; 0 not yet.
  await db.schema
    .alterTable('users')
    .addColumn('vip_trial_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Each premium feature bought apart from VIP: epoch ms until which the member has it; 0 never.
  // On the row, like vip_until, so the online rules in SQL (policy/graph-store.ts) can read them.
  for (const column of PREMIUM_COLUMNS) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('vip_subscriptions')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    // The provider's subscription id (Stripe: sub_...); ours for the test provider.
    .addColumn('provider_ref', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('offer', 'varchar(30)', (c) => c.notNull())
    // pending, active, canceled (renews no more, runs to its period end), ended
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vip_subscriptions_user')
    .on('vip_subscriptions')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('spotlights')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // The ledger transfer that paid for it (its idempotency key): one spotlight per payment.
    .addColumn('transfer_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    // Times shown: rotation favours the least shown current spotlight.
    .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spotlights_current').on('spotlights').columns(['ends_at', 'shown']).execute();
  await db.schema.createIndex('spotlights_user').on('spotlights').columns(['user_id', 'ends_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS now_ms()`.execute(db);
  for (const table of ['spotlights', 'vip_subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of PREMIUM_COLUMNS) await db.schema.alterTable('users').dropColumn(column).execute();
  await db.schema.alterTable('users').dropColumn('vip_trial_at').execute();
  await db.schema.alterTable('users').dropColumn('vip_until').execute();
}
