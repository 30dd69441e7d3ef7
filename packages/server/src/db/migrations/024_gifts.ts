import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';
import { catalogueRows } from './024_gift_catalogue';

/** The gift catalogue, gifts sent, vouchers, gold payments and the received-gift help flag (docs/gifts.md). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gifts')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)')
    // The generated artwork's recipe: "<shape>:<colour>:<colour>" (features/gifts/art.ts).
    .addColumn('art', 'varchar(60)', (c) => c.notNull())
    .addColumn('video', 'varchar(300)')
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'bigint')
    .addColumn('end_date', 'bigint')
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requires_voucher', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tag', 'varchar(30)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entrance_animation', 'varchar(30)')
    .addColumn('exit_animation', 'varchar(30)')
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('gifts').values(catalogueRows(Date.now())).execute();
  await db.schema.createIndex('gifts_tag').on('gifts').columns(['tag', 'position']).execute();
  await db.schema
    .createTable('gift_vouchers')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('gift_id', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('gift_vouchers_pk', ['user_id', 'gift_id'])
    .execute();
  await db.schema
    .createTable('gift_sends')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('transfer_id', 'integer', (c) => c.notNull().unique())
    .addColumn('gift_id', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('receiver_id', 'integer', (c) => c.notNull())
    // profile, conversation or chat
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('conversation_id', 'integer')
    .addColumn('room_id', 'integer')
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_sends_receiver')
    .on('gift_sends')
    .columns(['receiver_id', 'id'])
    .execute();
  await db.schema.createIndex('gift_sends_sender').on('gift_sends').columns(['sender_id', 'id']).execute();
  await db.schema
    .createTable('gold_payments')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    // The provider's checkout id (Stripe: the Checkout Session id); ours for the test provider.
    .addColumn('provider_ref', 'varchar(200)', (c) => c.notNull().unique())
    // Stripe: the payment intent a refund or dispute names.
    .addColumn('payment_ref', 'varchar(200)')
    .addColumn('gold', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // pending, paid, refunded
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gold_payments_user').on('gold_payments').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('gold_payments_payment').on('gold_payments').column('payment_ref').execute();
  await db.schema
    .createTable('gift_helper_seen')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_helper_seen_pk', ['user_id', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gift_helper_seen', 'gold_payments', 'gift_sends', 'gift_vouchers', 'gifts']) {
    await db.schema.dropTable(table).execute();
  }
}
