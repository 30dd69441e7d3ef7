import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dialects, dropSchema, testConfig } from '../../tests/_util';
import { createDb, type Db } from './index';
import { prepared } from './prepared';

describe.each(dialects)('prepared queries on $name', (dialect) => {
  const config = testConfig(dialect);
  let db: Db;
  afterAll(async () => {
    await db?.destroy();
    await dropSchema(config);
  });

  it('compile once and bind new arguments each time, constants kept, in transactions too', async () => {
    db = await createDb(config);
    const named = prepared((db: Db, a: number, b: string) =>
      db.selectNoFrom((eb) => [eb.val(a).as('a'), eb.val(b).as('b'), sql<number>`7`.as('c')]),
    );
    const rows = async (q: Promise<{ a: unknown; b: unknown; c: unknown }[]>) =>
      (await q).map((r) => ({ a: Number(r.a), b: String(r.b), c: Number(r.c) }));
    expect(await rows(named(db, 1, 'x'))).toEqual([{ a: 1, b: 'x', c: 7 }]);
    expect(await rows(named(db, 2, 'y'))).toEqual([{ a: 2, b: 'y', c: 7 }]);
    await db.transaction().execute(async (trx) => {
      expect(await rows(named(trx, 3, 'z'))).toEqual([{ a: 3, b: 'z', c: 7 }]);
    });
  });

  it('fails at first use when an argument is not bound: written into the SQL text, or unused', async () => {
    const inlined = prepared((db: Db, a: number) => db.selectNoFrom(sql.lit(a).as('a')));
    await expect(inlined(db, 1)).rejects.toThrow();
    const unused = prepared((db: Db, _a: number) => db.selectNoFrom(sql<number>`1`.as('a')));
    await expect(unused(db, 1)).rejects.toThrow(/arguments 0 are not parameters/);
  });
});
