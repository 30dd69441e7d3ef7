import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dialects, dropSchema, testConfig } from '../../tests/_util';
import { createLedger } from '../ledger/ledger';
import { createDb, migrateToLatest } from './index';
import { migrations } from './migrations/index';

/** 049: voucher counts kept on gift_vouchers become ledger balances, once, and come back on a rollback. */
describe.each(dialects)('migration 049 (vouchers into the ledger) on $name', (dialect) => {
  const config = testConfig(dialect);
  afterAll(() => dropSchema(config));

  it("opens each holder's voucher account with their count, balanced, and moves nothing twice", async () => {
    const db = await createDb(config);
    // Its own schema's migration tables: parallel tests' tables in other schemas are not ours.
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: config.databaseSchema,
    });
    expect((await migrator.migrateTo('042_contest_cancel_board_rank')).error).toBeUndefined();
    const { id } = await sql<{ id: number }>`INSERT INTO users
      (name, name_lower, password_hash, email, gender, birth_date, creation_time, last_access)
      VALUES ('valera', 'valera', 'x', 'v@example.org', 'f', '1990-01-01', 1, 1) RETURNING id`
      .execute(db)
      .then((r) => r.rows[0]);
    // Gift ids far apart: a voucher currency is longer than the ten characters gold needed.
    await sql`INSERT INTO gift_vouchers (user_id, gift_id, count) VALUES (${id}, 7, 3), (${id}, 1234567890, 1), (${id}, 8, 0)`.execute(
      db,
    );
    await migrateToLatest(db);
    const ledger = createLedger(db);
    expect(Object.fromEntries(await ledger.vouchers(id, [7, 1234567890, 8]))).toEqual({
      7: 3,
      1234567890: 1,
      8: 0,
    });
    const books = await ledger.checkBooks();
    expect(books.balanced).toBe(true);
    // Back: the table holds the balances again; forth again: the ledger still holds 3, not 6.
    expect((await migrator.migrateTo('042_contest_cancel_board_rank')).error).toBeUndefined();
    const back = await sql<{ gift_id: number; count: number }>`SELECT gift_id, count FROM gift_vouchers
      WHERE user_id = ${id} ORDER BY gift_id`.execute(db);
    expect(back.rows.map((r) => [Number(r.gift_id), Number(r.count)])).toEqual([
      [7, 3],
      [1234567890, 1],
    ]);
    await migrateToLatest(db);
    expect((await ledger.vouchers(id, [7])).get(7)).toBe(3);
    expect((await ledger.checkBooks()).transfers).toBe(books.transfers);
    await db.destroy();
  });
});
