import { api, type LiveBroadcast, type LiveStreamer } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, member } from '../_util';
import { twoInstances, twoInstancesAvailable } from './_instances';
import { openPush } from './_push';

/** Viewers counted across instances (docs/live.md, "Viewers"): PostgreSQL and Redis shared. */
// In the node-postgres project (vitest.config.ts picks files that name the dialects).
const onPostgres = dialects.find((d) => d.name === 'postgres') !== undefined;

describe.skipIf(!twoInstancesAvailable || !onPostgres)('live viewers across two instances', () => {
  const two = twoInstances();

  it('both instances count the same viewers, and a viewer on the other instance hears the end', async () => {
    const star = await member(two.a.app);
    const [live] = (await star.ok(api.live.startBroadcast, { title: 'Dos' })) as LiveStreamer[];
    const onA = await member(two.a.app);
    const onB = await member(two.b.app);
    const socketB = await openPush(two.urlB, { cookie: onB.cookieHeader });
    const socketStar = await openPush(two.urlA, { cookie: star.cookieHeader });

    expect(await onA.ok(api.live.joinBroadcast, { broadcastId: live.broadcast_id })).toEqual([1]);
    expect(await onB.ok(api.live.joinBroadcast, { broadcastId: live.broadcast_id })).toEqual([2]);
    const countOn = async (app: typeof two.a.app) => {
      const viewer = Object.assign(new Client(app), { cookies: onA.cookies });
      return (
        (await viewer.ok(api.live.getBroadcast, { broadcastId: live.broadcast_id })) as LiveBroadcast[]
      )[0].viewers;
    };
    expect(await countOn(two.a.app)).toBe(2);
    expect(await countOn(two.b.app)).toBe(2);

    // The streamer on A hears B's viewer arrive; B's viewer hears the end from A.
    const seen: number[] = [];
    for (;;) {
      const f = await socketStar.next();
      if (f.type === 'liveViewers') seen.push(f.viewers as number);
      if (seen.includes(2)) break;
    }
    await star.ok(api.live.endBroadcast);
    for (;;) {
      const f = await socketB.next();
      if (f.type === 'liveEnded') {
        expect(f).toMatchObject({ broadcastId: live.broadcast_id, reason: 'streamer' });
        break;
      }
    }
    await Promise.all([socketB.close(), socketStar.close()]);
  });
});
