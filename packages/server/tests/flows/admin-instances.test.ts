import { api, PushClose } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, member } from '../_util';
import { twoInstances, twoInstancesAvailable } from './_instances';
import { openPush, within } from './_push';

// Roles and bans are read from each instance's session cache: a change on one instance must hold
// on the other at its very next request, and a ban must close sockets held by the other.
describe.skipIf(!twoInstancesAvailable)('admin roles and bans across two instances', () => {
  const two = twoInstances();

  it('refuses on B an admin whose role was taken away on A', async () => {
    const boss = await member(two.a.app);
    const other = await member(two.a.app);
    for (const m of [boss, other]) {
      await two.a.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', m.user.uid).execute();
    }
    const otherOnB = new Client(two.b.app);
    otherOnB.cookies = new Map(other.cookies);
    expect((await otherOnB.call(api.admin.getDashboard)).status).toBe(200);
    await boss.ok(api.admin.setRole, { userId: other.user.uid, role: 'member' });
    expect((await otherOnB.call(api.admin.getDashboard)).status).toBe(403);
  });

  it('closes on B the sockets of a member banned on A', async () => {
    const boss = await member(two.a.app);
    await two.a.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', boss.user.uid).execute();
    const m = await member(two.a.app);
    const onB = await openPush(two.urlB, { cookie: m.cookieHeader });
    await boss.ok(api.admin.banMember, { userId: m.user.uid, reason: 'Spam', days: 1 });
    expect((await within(onB.closed, 2000, 'the socket on B')).code).toBe(PushClose.sessionEnded);
    const again = new Client(two.b.app);
    again.cookies = new Map(m.cookies);
    expect((await again.call(api.user.getLoggedInUser)).status).toBe(401);
  });
});
