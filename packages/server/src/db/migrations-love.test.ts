import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dialects, dropSchema, testConfig } from '../../tests/_util';
import { createLedger } from '../ledger/ledger';
import { createDb, migrateToLatest } from './index';
import { migrations } from './migrations/index';

/** 034: love points kept on member_points become ledger balances, once, and come back on a rollback. */
describe.each(dialects)('migration 034 (love points into the ledger) on $name', (dialect) => {
  const config = testConfig(dialect);
  afterAll(() => dropSchema(config));

  it('opens each member love account with their points, balanced, and moves nothing twice', async () => {
    const db = await createDb(config);
    // Its own schema's migration tables: parallel tests' tables in other schemas are not ours.
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: config.databaseSchema,
    });
    expect((await migrator.migrateTo('032_house_ads')).error).toBeUndefined();
    const { id } = await sql<{ id: number }>`INSERT INTO users
      (name, name_lower, password_hash, email, gender, birth_date, creation_time, last_access)
      VALUES ('amorosa', 'amorosa', 'x', 'a@example.org', 'f', '1990-01-01', 1, 1) RETURNING id`
      .execute(db)
      .then((r) => r.rows[0]);
    await sql`INSERT INTO member_points (user_id, love_points) VALUES (${id}, 5)`.execute(db);
    await migrateToLatest(db);
    const ledger = createLedger(db);
    expect((await ledger.balances(id)).love).toBe(5);
    const books = await ledger.checkBooks();
    expect(books.balanced).toBe(true);
    // Back: the column holds the balance again; forth again: the ledger still holds 5, not 10.
    expect((await migrator.migrateTo('032_house_ads')).error).toBeUndefined();
    const back = await sql<{
      love_points: number;
    }>`SELECT love_points FROM member_points WHERE user_id = ${id}`.execute(db);
    expect(Number(back.rows[0].love_points)).toBe(5);
    await migrateToLatest(db);
    expect((await ledger.balances(id)).love).toBe(5);
    expect((await ledger.checkBooks()).transfers).toBe(books.transfers);
    await db.destroy();
  });
});
