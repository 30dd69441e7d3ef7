import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Vouchers move through the ledger (docs/ledger.md): a member's vouchers for one gift are the
 * `member:<uid>:voucher:<giftId>` account. Counts kept in `gift_vouchers` until now become one
 * opening transfer per holder from `system:opening:voucher:<giftId>`, and the table goes, so
 * nothing counts vouchers apart from the ledger. Only what the ledger does not hold yet moves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // `voucher:<giftId>` is longer than the ten characters gold, gems and love needed.
  if (isPostgres(db))
    await db.schema
      .alterTable('ledger_accounts')
      .alterColumn('currency', (c) => c.setDataType('varchar(40)'))
      .execute();
  const now = Date.now();
  const holders = await db
    .selectFrom('gift_vouchers')
    .select(['user_id', 'gift_id', 'count'])
    .where('count', '>', 0)
    .orderBy('user_id')
    .orderBy('gift_id')
    .execute();
  const accountId = async (key: string, ownerId: number, currency: string, isSystem: boolean) => {
    await db
      .insertInto('ledger_accounts')
      .values({ key, owner_id: ownerId, currency, is_system: isSystem ? 1 : 0, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  for (const h of holders) {
    const uid = Number(h.user_id);
    const currency = `voucher:${Number(h.gift_id)}`;
    const holder = await accountId(`member:${uid}:${currency}`, uid, currency, false);
    // Only what the ledger does not hold yet: `up` after a `down` moves nothing twice.
    const held = await db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', holder)
      .executeTakeFirstOrThrow();
    const amount = Number(h.count) - Number(held.balance);
    if (amount <= 0) continue;
    const opening = await accountId(`system:opening:${currency}`, 0, currency, true);
    await db
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${amount}` })
      .where('id', '=', holder)
      .execute();
    const transfer = await db
      .insertInto('ledger_transfers')
      .values({
        idempotency_key: `opening-${currency}:${uid}:${now}`,
        fingerprint: `opening-${currency}:${uid}:${amount}`,
        kind: 'opening',
        actor_id: 0,
        reason: 'vouchers kept before the ledger',
        result: String(amount),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ledger_entries')
      .values([
        { transfer_id: transfer.id, account_id: opening, amount: -amount, created_at: now },
        { transfer_id: transfer.id, account_id: holder, amount, created_at: now },
      ])
      .execute();
  }
  await db.schema.dropTable('gift_vouchers').execute();
}

/** The table comes back holding each member's voucher balances (the ledger keeps its entries). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_vouchers')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('gift_id', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('gift_vouchers_pk', ['user_id', 'gift_id'])
    .execute();
  const balances = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'currency', 'balance'])
    .where('currency', 'like', 'voucher:%')
    .where('is_system', '=', 0)
    .execute();
  for (const b of balances)
    await db
      .insertInto('gift_vouchers')
      .values({
        user_id: b.owner_id,
        gift_id: Number(String(b.currency).slice('voucher:'.length)),
        count: Number(b.balance),
      })
      .execute();
}
