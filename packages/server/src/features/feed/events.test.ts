import { api, FeedEventType, PhotoPrivacy } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, feed } from '../../../tests/_social';
import { dialects, member, type TestApp, testApp } from '../../../tests/_util';
import { recordFeedEvent } from './events';

describe.each(dialects)('recordFeedEvent on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('is written in the caller’s transaction: a rolled-back write leaves no event', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    await befriend(a, b);
    const event = {
      type: FeedEventType.BADGE,
      userId: a.user.uid,
      properties: { 'source.user': a.user.uid },
    };
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordFeedEvent(trx, event);
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    const badges = async () => (await feed(b, { filter: 3 })).filter((e) => e.type === FeedEventType.BADGE);
    expect(await badges()).toEqual([]);
    const id = await t.deps.db.transaction().execute((trx) => recordFeedEvent(trx, event));
    expect((await badges()).map((e) => e.id)).toEqual([id]);
  });

  it('puts a private event in its author’s feed only', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    await befriend(a, b);
    await t.deps.db.transaction().execute((trx) =>
      recordFeedEvent(trx, {
        type: FeedEventType.BADGE,
        userId: a.user.uid,
        privacy: PhotoPrivacy.PRIVATE,
      }),
    );
    const badges = (events: Awaited<ReturnType<typeof feed>>) =>
      events.filter((e) => e.type === FeedEventType.BADGE);
    expect(badges(await feed(a, { filter: 3 }))).toHaveLength(1);
    expect(badges(await feed(b, { filter: 3 }))).toEqual([]);
    expect(badges((await b.ok(api.feed.getEvents, { filter: 4, userId: a.user.uid })) as never)).toEqual([]);
  });
});
