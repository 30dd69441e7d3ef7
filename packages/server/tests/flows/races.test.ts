import { api, type EphemeralItem } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ids, itemOf, sendPhoto, startIm } from '../../src/features/ephemeral/_ephemeral-test';
import { type PushService, startPushService } from '../_push-service';
import { type CallResult, dialects, member, type TestApp, testApp, uniqueId } from '../_util';

/**
 * Rules that hold by a constraint or a conditional write, not by a read before the write
 * (docs/security.md, "Races"). Each case fires the same request many times at once: on
 * PostgreSQL the requests really overlap (a pool of connections), which is where a
 * check-then-act showed (issue #38: 3 spotlights, 12 broadcasts, 22 duplicate requests,
 * 500s on subscribe and on a first view-once open). A lost race answers as the winner's
 * result or a clear 4xx, never 500.
 */
const PARALLEL = 30;

describe.each(dialects)('races on $name', (dialect) => {
  let t: TestApp;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    t = await testApp(dialect, {
      push: { ...loadConfig({}).push, allowHttpEndpoints: true },
      outboundAllowPrivate: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  const times = <T>(n: number, run: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => run(i)));
  const statuses = (results: CallResult[]) => [...new Set(results.map((r) => r.status))].sort();
  const count = async (table: 'spotlights' | 'live_broadcasts', uid: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', uid)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ten spotlight purchases at once start one spotlight and charge once', async () => {
    const a = await member(t.app);
    await t.deps.ledger.grant({
      uid: a.user.uid,
      amount: 1000,
      reason: 'test',
      actorId: 0,
      key: `g:${uniqueId()}`,
    });
    const results = await times(10, () =>
      a.call(api.premium.purchaseUserSpotlight, { idempotencyKey: `spot-${uniqueId()}` }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(statuses(results).every((s) => s === 200 || s === 403)).toBe(true);
    const refused = results.find((r) => r.status === 403);
    expect(refused?.body.message).toMatch(/destacad/i);
    expect(await count('spotlights', a.user.uid)).toBe(1);
    expect((await t.deps.ledger.balances(a.user.uid)).gold).toBe(950);
  });

  it('thirty startBroadcast at once put one broadcast on air and tell friends once', async () => {
    const star = await member(t.app);
    const results = await times(PARALLEL, () => star.call(api.live.startBroadcast));
    expect(statuses(results)).toEqual([200]);
    const ids = new Set(
      results.map((r) => (r.body.LiveStreamer as { broadcast_id: string }[])[0].broadcast_id),
    );
    expect(ids.size).toBe(1);
    expect(await count('live_broadcasts', star.user.uid)).toBe(1);
    const notified = await t.deps.db
      .selectFrom('live_broadcasts')
      .select('notified')
      .where('user_id', '=', star.user.uid)
      .execute();
    expect(notified.map((n) => n.notified)).toEqual([1]);
    // Ended, a new one may start.
    await star.ok(api.live.endBroadcast);
    await star.ok(api.live.startBroadcast);
    expect(await count('live_broadcasts', star.user.uid)).toBe(2);
  });

  it('thirty friend requests at once leave one pending request', async () => {
    const [a, b] = await Promise.all([member(t.app), member(t.app)]);
    const results = await times(PARALLEL, () =>
      a.call(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(statuses(results).every((s) => s === 200 || s === 409)).toBe(true);
    expect(results.find((r) => r.status === 409)?.body.message).toBeTruthy();
    const pending = await t.deps.db
      .selectFrom('offline_messages')
      .select('id')
      .where('sender_id', '=', a.user.uid)
      .where('recipient_id', '=', b.user.uid)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  });

  it('thirty subscriptions of one endpoint at once all answer and store one row', async () => {
    const a = await member(t.app);
    const sub = service.subscription();
    const results = await times(PARALLEL, () => a.call(api.webPush.subscribe, sub));
    expect(statuses(results)).toEqual([200]);
    const rows = await t.deps.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'p256dh'])
      .where('endpoint', '=', sub.endpoint)
      .execute();
    expect(rows).toEqual([{ user_id: a.user.uid, p256dh: sub.p256dh }]);
  });

  it('thirty first opens of a view-once photo at once all answer and record one look', async () => {
    const [ana, bob] = await Promise.all([member(t.app), member(t.app)]);
    const im = await startIm(ana, [bob]);
    const sent: EphemeralItem = itemOf((await sendPhoto(ana, { conversationId: im.conversationId })).body);
    const results = await times(PARALLEL, () => bob.call(api.ephemeral.openEphemeral, ids(sent)));
    expect(statuses(results)).toEqual([200]);
    const views = await t.deps.db
      .selectFrom('ephemeral_views')
      .select(['viewer_id', 'viewed_ms'])
      .where('item_id', '=', sent.postId)
      .execute();
    expect(views).toEqual([{ viewer_id: bob.user.uid, viewed_ms: 0 }]);
  });
});
