import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dialects, dropSchema, testConfig } from '../../tests/_util';
import { createDb, migrateToLatest } from './index';
import { migrations } from './migrations/index';

describe.each(dialects)('migrations on $name', (dialect) => {
  const config = testConfig(dialect);
  afterAll(() => dropSchema(config));

  it('build the schema from nothing, run again without change, and start member ids at 10001', async () => {
    const db = await createDb(config);
    await migrateToLatest(db);
    await migrateToLatest(db);
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    const { id } = await db
      .insertInto('users')
      .values({
        name: 'primera',
        name_lower: 'primera',
        password_hash: 'x',
        email: 'p@example.org',
        gender: 'f',
        birth_date: '1990-01-01',
        creation_time: 1,
        last_access: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(10001);
    // Names are unique without regard to case through name_lower.
    await expect(
      db
        .insertInto('users')
        .values({
          name: 'PRIMERA',
          name_lower: 'primera',
          password_hash: 'x',
          email: 'q@example.org',
          gender: 'm',
          birth_date: '1990-01-01',
          creation_time: 1,
          last_access: 1,
        })
        .execute(),
    ).rejects.toThrow();
    await db.destroy();
  });

  it('moves stored searches out of the users row (009) and back', async () => {
    const db = await createDb(config);
    const { Migrator } = await import('kysely');
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: config.databaseSchema,
    });
    expect((await migrator.migrateTo('008_feed_page_stamps')).error).toBeUndefined();
    const { id } = await sql<{ id: number }>`INSERT INTO users
      (name, name_lower, password_hash, email, gender, birth_date, creation_time, last_access, search_params)
      VALUES ('buscona', 'buscona', 'x', 'b@example.org', 'f', '1990-01-01', 1, 5, '{"city":"Lima"}')
      RETURNING id`
      .execute(db)
      .then((r) => r.rows[0]);
    await migrateToLatest(db);
    const moved = await db.selectFrom('member_searches').selectAll().where('user_id', '=', id).execute();
    expect(moved).toEqual([{ user_id: id, params: '{"city":"Lima"}', updated_at: 5 }]);
    expect((await migrator.migrateTo('008_feed_page_stamps')).error).toBeUndefined();
    const back = await sql<{
      search_params: string;
    }>`SELECT search_params FROM users WHERE id = ${id}`.execute(db);
    expect(back.rows[0].search_params).toBe('{"city":"Lima"}');
    await migrateToLatest(db);
    await db.deleteFrom('users').where('id', '=', id).execute();
    await db.destroy();
  });

  it('can be rolled back to nothing and rebuilt', async () => {
    const db = await createDb(config);
    const { Migrator, NO_MIGRATIONS } = await import('kysely');
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: config.databaseSchema,
    });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    await migrateToLatest(db);
    await db.destroy();
  });
});
