import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, testApp } from '../../../tests/_util';

describe.each(dialects)('online status on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const self = async (m: Client) =>
    ((await m.ok(api.user.getLoggedInUser)) as { onlineStatus?: string }[])[0];

  const makeVip = (uid: number) =>
    t.deps.db.updateTable('users').set({ star: 2 }).where('id', '=', uid).execute();

  it('moves between online, busy and invisible', async () => {
    const m = await member(t.app);
    await makeVip(m.user.uid);
    expect((await self(m)).onlineStatus).toBeUndefined();
    expect(await m.ok(api.premium.setOnlineStatus, { status: 2, message: '  En clase  ' })).toEqual([true]);
    expect((await self(m)).onlineStatus).toBe('busy');
    const row = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', m.user.uid)
      .executeTakeFirst();
    expect(row?.online_message).toBe('En clase');
    await m.ok(api.premium.setOnlineStatus, { status: 1 });
    expect((await self(m)).onlineStatus).toBe('invisible');
    await m.ok(api.premium.setOnlineStatus, { status: 0 });
    expect((await self(m)).onlineStatus).toBeUndefined();
  });

  it('refuses an unknown status and changes nothing', async () => {
    const m = await member(t.app);
    await m.ok(api.premium.setOnlineStatus, { status: 2 });
    for (const status of [3, -1, 'busy']) {
      const res = await m.call(api.premium.setOnlineStatus, { status });
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'status' });
    }
    expect((await self(m)).onlineStatus).toBe('busy');
  });

  it('requires login', async () => {
    const res = await new Client(t.app).call(api.premium.setOnlineStatus, { status: 1 });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Inicia sesión para continuar');
  });

  it('keeps invisible for VIP members', async () => {
    const m = await member(t.app);
    const res = await m.call(api.premium.setOnlineStatus, { status: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'El modo invisible es una ventaja VIP.', ApiForbiddenException: {} });
    expect((await self(m)).onlineStatus).toBeUndefined();
  });

  it('changes only the caller’s own status', async () => {
    const a = await member(t.app);
    await makeVip(a.user.uid);
    const b = await member(t.app);
    await a.ok(api.premium.setOnlineStatus, { status: 1, userId: b.user.uid });
    expect((await self(b)).onlineStatus).toBeUndefined();
    expect((await self(a)).onlineStatus).toBe('invisible');
  });
});
