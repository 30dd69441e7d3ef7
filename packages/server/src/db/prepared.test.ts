import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dialects, dropSchema, testConfig } from '../../tests/_util';
import { isPostgres } from './dialect';
import { createDb, type Db } from './index';
import { prepared, preparedShapes } from './prepared';

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

  it('compile one statement per shape key, each binding its own arguments', async () => {
    let builds = 0;
    const byShape = preparedShapes((db: Db, shape: string, ...args: unknown[]) => {
      builds++;
      // The shape says which columns there are; every argument is a value.
      const names = shape.split(',');
      return db.selectNoFrom((eb) => names.map((name, i) => eb.val(args[i] as number).as(name)));
    }, 2);
    const one = async (shape: string, ...args: number[]) =>
      Object.fromEntries(
        Object.entries((await byShape(db, shape, ...args))[0]).map(([k, v]) => [k, Number(v)]),
      );
    expect(await one('a', 1)).toEqual({ a: 1 });
    expect(await one('a', 2)).toEqual({ a: 2 });
    expect(await one('a,b', 3, 4)).toEqual({ a: 3, b: 4 });
    expect(await one('a,b', 5, 6)).toEqual({ a: 5, b: 6 });
    expect(builds).toBe(2);
    // At most two shapes kept: a third drops the oldest, which is built again when it returns.
    expect(await one('c', 7)).toEqual({ c: 7 });
    expect(await one('a,b', 8, 9)).toEqual({ a: 8, b: 9 });
    expect(builds).toBe(3);
    expect(await one('a', 10)).toEqual({ a: 10 });
    expect(builds).toBe(4);
    const inlined = preparedShapes((db: Db, _shape: string, ...args: unknown[]) =>
      db.selectNoFrom(sql.lit(args[0] as number).as('a')),
    );
    await expect(inlined(db, 'x', 1)).rejects.toThrow();
  });

  it('read at once on SQLite outside a transaction, and never see what an open transaction wrote', async () => {
    // A table of the test's own, outside the app's schema types.
    type Probe = Kysely<{ prepared_probe: { n: number } }>;
    const probe = db as unknown as Probe;
    await probe.schema.createTable('prepared_probe').ifNotExists().addColumn('n', 'integer').execute();
    const count = prepared((db: Probe, min: number) =>
      db
        .selectFrom('prepared_probe')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('n', '>=', min),
    );
    const queued = vi.spyOn(probe, 'executeQuery');
    expect(Number((await count(probe, 0))[0].n)).toBe(0);
    // SQLite answers without Kysely's connection queue; PostgreSQL always goes through its pool.
    expect(queued).toHaveBeenCalledTimes(isPostgres(db) ? 1 : 0);
    queued.mockRestore();

    // A read asked for while a transaction holds SQLite's one connection waits for it to end, so
    // a row the transaction wrote and then rolled back is never seen.
    let during: ReturnType<typeof count> | undefined;
    await expect(
      probe.transaction().execute(async (trx) => {
        await trx.insertInto('prepared_probe').values({ n: 1 }).execute();
        during = count(probe, 0);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(Number((await during!)[0].n)).toBe(0);
    // Inside the transaction, its own reads see its rows.
    await probe.transaction().execute(async (trx) => {
      await trx.insertInto('prepared_probe').values({ n: 2 }).execute();
      expect(Number((await count(trx, 2))[0].n)).toBe(1);
    });
    expect(Number((await count(probe, 2))[0].n)).toBe(1);
    await probe.schema.dropTable('prepared_probe').execute();
  });
});
