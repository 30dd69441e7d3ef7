import {
  api,
  type Notification,
  NotificationKind,
  type PushEvent,
  type UserStatus,
} from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp } from '../../../tests/_util';
import { notificationUseCases } from './notices';
import { dropNoticesAbout, notify } from './notify';

const waitFor = async (check: () => boolean, ms = 3_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(dialects)('notices on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const list = async (m: Awaited<ReturnType<typeof member>>) =>
    (await m.ok(api.user.getNotifications, {})) as Notification[];

  it('is written in the caller’s transaction: a rolled-back write leaves no notice', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    const notice = { userId: b.user.uid, kind: NotificationKind.GUESTBOOK, actorId: a.user.uid };
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        expect(await notify(trx, notice)).toBeTypeOf('number');
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await list(b)).toEqual([]);
    const id = await t.deps.db.transaction().execute((trx) => notify(trx, notice));
    expect((await list(b)).map((n) => n.id)).toEqual([id]);
  });

  it('drops notices to oneself, and those about a deleted item', async () => {
    const a = await member(t.app);
    const self = { userId: a.user.uid, kind: NotificationKind.LIKE, actorId: a.user.uid };
    expect(await t.deps.db.transaction().execute((trx) => notify(trx, self))).toBeUndefined();
    const b = await member(t.app);
    const about = {
      userId: b.user.uid,
      kind: NotificationKind.LIKE,
      actorId: a.user.uid,
      itemType: 1,
      itemId: 77,
    };
    await t.deps.db.transaction().execute((trx) => notify(trx, about));
    expect(await list(b)).toHaveLength(1);
    await t.deps.db.transaction().execute((trx) => dropNoticesAbout(trx, 1, 77));
    expect(await list(b)).toEqual([]);
    expect(await notificationUseCases(t.deps).unread(b.user.uid)).toBe(0);
  });

  it('a like while the bus is down succeeds; its notice is stored and pushed once the bus is back', async () => {
    const [author, liker] = [await member(t.app), await member(t.app)];
    const [status] = (await author.ok(api.user.updateStatus, { newStatus: 'Hola' })) as UserStatus[];
    await t.deps.effects.settled();
    const hub = t.deps.hub;
    const publish = hub.publish;
    const pushed: PushEvent[] = [];
    let down = true;
    hub.publish = async (userIds, event) => {
      if (down) throw new Error('bus unreachable');
      if (userIds.includes(author.user.uid)) pushed.push(event);
    };
    try {
      const res = await liker.call(api.user.like, {
        type: 1,
        itemId: status.id,
        authorUserId: author.user.uid,
      });
      expect(res.status).toBe(200);
      await t.deps.effects.settled();
      expect(t.deps.effects.pending()).toBeGreaterThan(0);
      expect((await list(author)).map((n) => n.kind)).toEqual([NotificationKind.LIKE]);
      down = false;
      await waitFor(() => pushed.some((e) => e.type === 'notification'));
      expect(pushed.find((e) => e.type === 'notification')).toMatchObject({
        kind: NotificationKind.LIKE,
        unreadCount: 1,
      });
    } finally {
      hub.publish = publish;
    }
  });
});
