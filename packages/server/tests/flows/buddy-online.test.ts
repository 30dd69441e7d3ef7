import { api } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { member } from '../_util';
import { twoInstances, twoInstancesAvailable } from './_instances';
import { openPush } from './_push';

// A friend on instance B hears that a member came online on instance A, through Redis.
describe.skipIf(!twoInstancesAvailable)('buddyOnline across two instances', () => {
  const two = twoInstances();

  it('reaches online friends on the other instance, and never fires for invisible members', async () => {
    const alba = await member(two.a.app);
    const bruno = await member(two.a.app);
    const [id] = (await alba.ok(api.buddy.sendUserBuddyRequest, {
      receivingUserId: bruno.user.uid,
    })) as number[];
    await bruno.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });

    const brunoOnB = await openPush(two.urlB, { cookie: bruno.cookieHeader });
    expect((await brunoOnB.next()).type).toBe('hello');
    const albaOnA = await openPush(two.urlA, { cookie: alba.cookieHeader });
    expect(await brunoOnB.next()).toMatchObject({
      type: 'buddyOnline',
      user: { uid: alba.user.uid, name: alba.user.name },
    });
    await albaOnA.close();

    await two.a.deps.db.updateTable('users').set({ star: 2 }).where('id', '=', alba.user.uid).execute();
    await alba.ok(api.premium.setOnlineStatus, { status: 1 });
    const invisible = await openPush(two.urlA, { cookie: alba.cookieHeader });
    await invisible.next();
    // A marker published after the connection: nothing else may arrive before it.
    await two.a.deps.hub.publish([bruno.user.uid], { type: 'streetWarsJournal', text: 'marca', url: '/' });
    expect((await brunoOnB.next()).type).toBe('streetWarsJournal');
    await Promise.all([invisible.close(), brunoOnB.close()]);
  });
});
