import { api } from '@tertulia/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Client, member } from '../_util';
import { type Instance, twoInstances, twoInstancesAvailable } from './_instances';

// Each instance caches sessions and members' rows (http/session-cache.ts); a write on one must
// be seen by the other on its very next request.
describe.skipIf(!twoInstancesAvailable)('session cache across two instances on Redis', () => {
  const two = twoInstances();

  /** A member registered on A, with a client on each instance sharing the session cookie. */
  async function onBoth() {
    const onA = await member(two.a.app);
    const onB = new Client(two.b.app);
    onB.cookies = new Map(onA.cookies);
    // Both instances now hold the session in their cache.
    await onA.ok(api.user.getLoggedInUser);
    await onB.ok(api.user.getLoggedInUser);
    return { onA, onB };
  }
  const self = async (client: Client) =>
    ((await client.ok(api.user.getLoggedInUser)) as never[])[0] as Record<string, unknown>;
  const cached = (instance: Instance) => instance.deps.sessions.cache.size;

  it('shows on B a profile edit made on A at the next request', async () => {
    const { onA, onB } = await onBoth();
    expect(cached(two.b)).toBeGreaterThan(0);
    await onA.ok(api.people.updateProfile, { city: 'Sevilla' });
    expect((await self(onB)).city).toBe('Sevilla');
    expect((await self(onA)).city).toBe('Sevilla');
  });

  it('shows on A a change made by a store on B (settings written straight to the row)', async () => {
    const { onA, onB } = await onBoth();
    await two.b.deps.db.updateTable('users').set({ locale: 'en' }).where('id', '=', onA.user.uid).execute();
    expect((await self(onA)).locale).toBe('en');
    expect((await self(onB)).locale).toBe('en');
  });

  it('ends on B at once the access of a member banned on A', async () => {
    const admin = await member(two.a.app);
    await two.a.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.uid).execute();
    const { onA, onB } = await onBoth();
    expect(await admin.ok(api.people.banUser, { userId: onA.user.uid })).toEqual([true]);
    const res = await onB.call(api.user.getLoggedInUser);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Inicia sesión para continuar', ApiLoginRequiredException: {} });
    expect((await onA.call(api.user.getLoggedInUser)).status).toBe(401);
  });

  it('ends on B a session logged out on A', async () => {
    const { onA, onB } = await onBoth();
    expect(await onA.ok(api.profile.logout)).toEqual([true]);
    expect((await onB.call(api.user.getLoggedInUser)).status).toBe(401);
  });

  it('ends on B a session ended by raw SQL in a transaction on A, once it commits', async () => {
    const { onA, onB } = await onBoth();
    await two.a.deps.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM sessions WHERE user_id = ${onA.user.uid}`.execute(trx);
      // Not yet committed: B still serves the session.
      expect((await onB.call(api.user.getLoggedInUser)).status).toBe(200);
    });
    expect((await onB.call(api.user.getLoggedInUser)).status).toBe(401);
  });
});
