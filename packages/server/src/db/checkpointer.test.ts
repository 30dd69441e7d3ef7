import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/_util';
import { createDb } from './index';

describe('WAL checkpoints off the event loop (SQLite)', () => {
  it('start once the WAL reaches the threshold, keep it from growing, and lose nothing', async () => {
    const config = testConfig({ name: 'sqlite' });
    const wal = path.join(config.dataDir, 'tertulia.db-wal');
    const db = await createDb(config);
    const setting = async () =>
      (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0]
        .wal_autocheckpoint;
    expect(await setting()).toBe(1000);
    await sql`CREATE TABLE junk (id INTEGER PRIMARY KEY, v TEXT)`.execute(db);
    const blob = 'x'.repeat(3000);
    const write = async (n: number) => {
      for (let i = 0; i < n; i++) await sql`INSERT INTO junk (v) VALUES (${blob})`.execute(db);
    };
    // Past 1,000 pages of WAL: the worker takes over and the connection stops checkpointing itself.
    await write(1500);
    await expect.poll(setting, { timeout: 5000 }).toBe(0);
    // 6 MB written a round: without checkpoints the WAL would grow by as much each time.
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      await write(2000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      sizes.push(fs.statSync(wal).size);
    }
    expect(sizes[3]).toBeLessThan(sizes[0] + 12e6);
    await db.destroy();
    const again = await createDb(config);
    const { n } = (await sql<{ n: number }>`SELECT count(*) AS n FROM junk`.execute(again)).rows[0];
    expect(Number(n)).toBe(9500);
    await again.destroy();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
});
