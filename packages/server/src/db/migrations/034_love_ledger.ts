import type { Kysely } from 'kysely';

/**
 * Love points move through the ledger (docs/ledger.md) like gold and gems: each member's love
 * is the `member:<uid>:love` account, whose balance is the sum of its entries. Points kept on
 * `member_points.love_points` until now become one opening transfer per member from
 * `system:opening:love`, and the column goes, so nothing can count love apart from the ledger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = Date.now();
  const holders = await db
    .selectFrom('member_points')
    .select(['user_id', 'love_points'])
    .where('love_points', '>', 0)
    .orderBy('user_id')
    .execute();
  if (holders.length) {
    await db
      .insertInto('ledger_accounts')
      .values({ key: 'system:opening:love', owner_id: 0, currency: 'love', is_system: 1, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const opening = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('key', '=', 'system:opening:love')
      .executeTakeFirstOrThrow();
    for (const h of holders) {
      const uid = Number(h.user_id);
      const amount = Number(h.love_points);
      const account = await db
        .insertInto('ledger_accounts')
        .values({ key: `member:${uid}:love`, owner_id: uid, currency: 'love', balance: amount, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const transfer = await db
        .insertInto('ledger_transfers')
        .values({
          idempotency_key: `opening-love:${uid}`,
          fingerprint: `opening-love:${uid}:${amount}`,
          kind: 'opening',
          actor_id: 0,
          reason: 'love points kept before the ledger',
          result: String(amount),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ledger_entries')
        .values([
          { transfer_id: transfer.id, account_id: opening.id, amount: -amount, created_at: now },
          { transfer_id: transfer.id, account_id: account.id, amount, created_at: now },
        ])
        .execute();
    }
  }
  await db.schema.alterTable('member_points').dropColumn('love_points').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('member_points')
    .addColumn('love_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
