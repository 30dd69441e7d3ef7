import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, uniqueId } from '../../tests/_util';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';

const postgres = dialects.find((d) => d.name === 'postgres');

/**
 * The introspector reads only its own schema, so another schema dropped during the read cannot
 * fail it (the migrator's check that its tables exist did, with two test files at once).
 */
describe.skipIf(!postgres)('the own-schema introspector (PostgreSQL)', () => {
  const url = postgres?.url ?? '';
  const own = `t_own_${uniqueId()}`;
  const other = `t_other_${uniqueId()}`;
  const admin = new pg.Client({ connectionString: url });

  const kyselyOn = (Dialect: typeof PostgresDialect) =>
    new Kysely<unknown>({
      dialect: new Dialect({
        pool: new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${own}` }),
      }),
    });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${own}`);
    await admin.query(
      `CREATE TABLE ${own}.notes (id serial PRIMARY KEY, body text NOT NULL, at bigint DEFAULT 0)`,
    );
    await admin.query(`CREATE VIEW ${own}.bodies AS SELECT body FROM ${own}.notes`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${own} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
    await admin.end();
  });

  /**
   * Reads the tables as a read does when another connection drops a schema in the middle of it: the
   * read's snapshot still lists that schema's tables, but a lookup by name no longer finds them. A
   * repeatable-read transaction holds that snapshot across the drop, so the race happens every time.
   */
  async function readWhileAnotherSchemaIsDropped(db: Kysely<unknown>) {
    await admin.query(`CREATE SCHEMA ${other}`);
    await admin.query(`CREATE TABLE ${other}.things (id serial PRIMARY KEY)`);
    try {
      return await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          await admin.query(`DROP SCHEMA ${other} CASCADE`);
          return trx.introspection.getTables().then(
            (tables) => ({ tables }),
            (error: Error) => ({ error: error.message }),
          );
        });
    } finally {
      await db.destroy();
    }
  }

  it("lists its own schema's tables and views, with their columns", async () => {
    const db = kyselyOn(OwnSchemaPostgresDialect);
    try {
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => [t.name, t.schema, t.isView])).toEqual([
        ['bodies', own, true],
        ['notes', own, false],
      ]);
      const notes = tables.find((t) => t.name === 'notes')!;
      expect(
        notes.columns.map((c) => [c.name, c.dataType, c.isNullable, c.isAutoIncrementing, c.hasDefaultValue]),
      ).toEqual([
        ['id', 'int4', false, true, true],
        ['body', 'text', false, false, false],
        ['at', 'int8', true, false, true],
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('is not failed by another schema dropped during the read', async () => {
    const result = await readWhileAnotherSchemaIsDropped(kyselyOn(OwnSchemaPostgresDialect));
    expect(result).toEqual({ tables: expect.any(Array) });
  });

  it("Kysely's own introspector is, which is why we have ours", async () => {
    const result = await readWhileAnotherSchemaIsDropped(kyselyOn(PostgresDialect));
    expect(result).toEqual({ error: expect.stringMatching(/does not exist/) });
  });
});
