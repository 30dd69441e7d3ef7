import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, dropSchema, testConfig } from '../../tests/_util';
import { inGroupCommit } from './group-commit';
import { createDb, type Db } from './index';
import type { Database } from './schema';

describe.each(dialects)('group commit on $name', (dialect) => {
  const config = testConfig(dialect);
  let db: Db;
  beforeAll(async () => {
    db = await createDb(config);
    await sql`CREATE TABLE group_keys (k varchar(20) PRIMARY KEY)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await dropSchema(config);
  });

  const insert = (trx: Transaction<Database>, k: string) =>
    sql`INSERT INTO group_keys (k) VALUES (${k})`.execute(trx).then(() => k);
  const stored = async () =>
    (await sql<{ k: string }>`SELECT k FROM group_keys ORDER BY k`.execute(db)).rows.map((r) => r.k);

  it('runs the committed hooks of works asked for together before their callers go on', async () => {
    const events: string[] = [];
    const transactions = new Set<unknown>();
    await Promise.all(
      ['a1', 'a2', 'a3'].map((k) =>
        inGroupCommit(
          db,
          (trx) => {
            transactions.add(trx);
            return insert(trx, k);
          },
          (value) => {
            events.push(`committed ${value}`);
            return undefined;
          },
        ).then((value) => events.push(`resumed ${value}`)),
      ),
    );
    for (const k of ['a1', 'a2', 'a3'])
      expect(events.indexOf(`committed ${k}`)).toBeLessThan(events.indexOf(`resumed ${k}`));
    // SQLite commits the three at once and tells all three before any caller goes on;
    // PostgreSQL commits each on its own.
    if (dialect.name === 'sqlite') {
      expect(events.slice(0, 3)).toEqual(['committed a1', 'committed a2', 'committed a3']);
      expect(transactions.size).toBe(1);
    } else expect(transactions.size).toBe(3);
    expect(await stored()).toEqual(['a1', 'a2', 'a3']);
  });

  it('fails only the failing work: its writes are undone, the others stored and published', async () => {
    const committed: string[] = [];
    const results = await Promise.allSettled(
      ['b1', 'a1', 'b2'].map((k) =>
        inGroupCommit(
          db,
          async (trx) => {
            await insert(trx, `${k}-side`);
            return insert(trx, k); // 'a1' is stored already: a unique violation
          },
          (value) => {
            committed.push(value);
            return undefined;
          },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/unique|duplicate/i);
    // PostgreSQL commits each on its own connection, in whatever order they finish.
    expect([...committed].sort()).toEqual(['b1', 'b2']);
    expect(await stored()).toEqual(['a1', 'a2', 'a3', 'b1', 'b1-side', 'b2', 'b2-side']);
  });

  it('answers a caller only once its committed hook has settled, and with its failure', async () => {
    let publish!: () => void;
    const published = new Promise<void>((resolve) => (publish = resolve));
    let answered = false;
    const waiting = inGroupCommit(
      db,
      (trx) => insert(trx, 'c1'),
      () => published,
    ).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    publish();
    await waiting;
    expect(answered).toBe(true);
    await expect(
      inGroupCommit(
        db,
        (trx) => insert(trx, 'c2'),
        () => Promise.reject(new Error('bus down')),
      ),
    ).rejects.toThrow('bus down');
    // The write itself was committed before the hook failed.
    expect(await stored()).toContain('c2');
    // A hook that throws fails its own caller only, in a batch too.
    const results = await Promise.allSettled(
      ['d1', 'd2', 'd3'].map((k) =>
        inGroupCommit(
          db,
          (trx) => insert(trx, k),
          (value) => {
            if (value === 'd2') throw new Error('no event for d2');
            return undefined;
          },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
