import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * The durable outbox of effects that leave the machine (docs/architecture.md, "Effects after
 * commit"): mail and Web Push notices, written in the transaction of the write they belong to and
 * delivered after commit with retries. `claimed_until` is a lease: an instance takes a row with a
 * conditional update, so two instances never deliver a row at the same time. Delivery is at least
 * once: an instance that dies after sending but before deleting the row leaves it to be sent again
 * when the lease runs out (a rare duplicate notice, never a lost one).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', idColumnType(db), primaryId(db))
    /** 'mail' or 'webPush'. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** JSON: the mail, or the members and the notice. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Not tried before this time (epoch ms): backoff after a failure. */
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    /** Held by one instance until this time; 0 when free. */
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['due_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
