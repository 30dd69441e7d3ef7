import { api, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp, testRedisUrl } from '../packages/server/tests/_util';
import { runAdmin } from './admin';

describe('admin command', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('grants and revokes admin rights by name, whatever the case', async () => {
    const m = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    expect(await runAdmin(['grant', m.user.name.toUpperCase()], env)).toMatch(/^grant/);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(true);
    await runAdmin(['revoke', m.user.name], env);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(false);
  });

  it('is seen at once by a running server that cached the member (SQLite: another process committed)', async () => {
    const m = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    await m.ok(api.user.getLoggedInUser); // the session is cached now
    await runAdmin(['grant', m.user.name], env);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(true);
  });

  it("writes today's birthday events once, as the hourly job would", async () => {
    const m = await member(t.app);
    const now = new Date();
    const md = `${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await t.deps.db
      .updateTable('users')
      .set({ birth_date: `1990-${md}` })
      .where('id', '=', m.user.uid)
      .execute();
    const env = { DATA_DIR: t.config.dataDir };
    expect(await runAdmin(['birthdays'], env)).toMatch(/^birthdays: [1-9]\d* added$/);
    expect(await runAdmin(['birthdays'], env)).toBe('birthdays: 0 added');
    const events = await t.deps.db
      .selectFrom('feed_events')
      .select('event_key')
      .where('user_id', '=', m.user.uid)
      .where('type', '=', 3)
      .execute();
    expect(events.map((e) => e.event_key)).toEqual([`birthday:${m.user.uid}:${now.getFullYear()}`]);
  });

  it('grants gold with a reason the ledger keeps, and checks the books', async () => {
    const m = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    expect(await runAdmin(['grant-gold', m.user.name, '250', 'premio', 'del', 'concurso'], env)).toMatch(
      /gold now 250/,
    );
    expect(await m.ok(api.gift.fetchMocoGoldBalance)).toEqual([250]);
    const [line] = (await m.ok(api.gift.getLedgerHistory)) as { reason?: string; amount: number }[];
    expect(line).toMatchObject({ amount: 250, reason: 'premio del concurso' });
    expect(await runAdmin(['books'], env)).toMatch(/^books: balanced/);
    await expect(runAdmin(['grant-gold', m.user.name, '-5', 'no'], env)).rejects.toThrow(/usage/);
    await expect(runAdmin(['grant-gold', m.user.name, '5'], env)).rejects.toThrow(/usage/);
    // Love points the same way: their own account, the books still balanced.
    expect(await runAdmin(['grant-love', m.user.name, '7', 'aniversario'], env)).toMatch(/love now 7/);
    expect(await m.ok(api.gift.getAccount)).toMatchObject([{ gold: 250, lovePoints: 7 }]);
    expect(await runAdmin(['books'], env)).toMatch(/^books: balanced/);
  });

  it('says what is wrong with a bad command or an unknown name', async () => {
    const env = { DATA_DIR: t.config.dataDir };
    await expect(runAdmin(['promote', 'x'], env)).rejects.toThrow(/usage/);
    await expect(runAdmin(['grant', 'nadie_de_nada'], env)).rejects.toThrow(/no member named/);
  });
});

const postgres = dialects.find((d) => d.name === 'postgres');

describe.runIf(postgres && testRedisUrl)('admin command on PostgreSQL + Redis', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(postgres!, { redisUrl: testRedisUrl });
  });
  afterAll(() => t.close());

  it('tells every running instance, so a revoke or unban is seen on the next request', async () => {
    const m = await member(t.app);
    const env = {
      DATABASE_URL: t.config.databaseUrl,
      DATABASE_SCHEMA: t.config.databaseSchema,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: t.config.redisPrefix,
    };
    await runAdmin(['grant', m.user.name], env);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(true);
    await runAdmin(['revoke', m.user.name], env);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(false);
  });
});
