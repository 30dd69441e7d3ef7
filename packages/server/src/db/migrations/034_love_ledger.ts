import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Love points move through the ledger (docs/ledger.md) like gold and gems: each member's love
 * is the `member:<uid>:love` account, whose balance is the sum of its entries. Points kept on
 * `member_points.love_points` until now become an opening transfer per member from
 * `system:opening:love`, and the column goes, so nothing can count love apart from the ledger.
 * Only what the ledger does not hold yet moves, so `up` after a `down` moves nothing twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = Date.now();
  const holders = await db
    .selectFrom('member_points as mp')
    .leftJoin('ledger_accounts as a', (j) =>
      j.on('a.key', '=', sql<string>`${'member:'} || cast(mp.user_id as varchar(20)) || ${':love'}`),
    )
    .select(['mp.user_id', 'mp.love_points', 'a.id as account_id', 'a.balance'])
    .where('mp.love_points', '>', 0)
    .orderBy('mp.user_id')
    .execute();
  const moves = holders
    .map((h) => ({ ...h, amount: Number(h.love_points) - Number(h.balance ?? 0) }))
    .filter((h) => h.amount > 0);
  if (moves.length) {
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
    for (const h of moves) {
      const uid = Number(h.user_id);
      let accountId = h.account_id === null ? undefined : Number(h.account_id);
      if (accountId === undefined) {
        const row = await db
          .insertInto('ledger_accounts')
          .values({
            key: `member:${uid}:love`,
            owner_id: uid,
            currency: 'love',
            balance: h.amount,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        accountId = Number(row.id);
      } else {
        await db
          .updateTable('ledger_accounts')
          .set({ balance: sql`balance + ${h.amount}` })
          .where('id', '=', accountId)
          .execute();
      }
      const transfer = await db
        .insertInto('ledger_transfers')
        .values({
          idempotency_key: `opening-love:${uid}:${now}`,
          fingerprint: `opening-love:${uid}:${h.amount}`,
          kind: 'opening',
          actor_id: 0,
          reason: 'love points kept before the ledger',
          result: String(h.amount),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ledger_entries')
        .values([
          { transfer_id: transfer.id, account_id: opening.id, amount: -h.amount, created_at: now },
          { transfer_id: transfer.id, account_id: accountId, amount: h.amount, created_at: now },
        ])
        .execute();
    }
  }
  await db.schema.alterTable('member_points').dropColumn('love_points').execute();
}

/** The column comes back holding each member's love balance (the ledger keeps its entries). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('member_points')
    .addColumn('love_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const balances = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id', 'balance'])
    .where('currency', '=', 'love')
    .where('is_system', '=', 0)
    .execute();
  for (const b of balances) {
    await db
      .insertInto('member_points')
      .values({ user_id: b.owner_id, love_points: Number(b.balance) })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ love_points: Number(b.balance) }))
      .execute();
  }
}
