import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { localPresence, type Presence, redisPresence, STALE_MS } from './presence';

/** Presence on its own, with a clock the test moves: in memory always, in Redis when TEST_REDIS_URL is set. */
const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(async () => {
  for (const c of clients) await c.quit();
});

const kinds: [string, (now: () => number) => Presence][] = [['memory', (now) => localPresence(now)]];
if (redisUrl)
  kinds.push([
    'Redis',
    (now) => {
      const redis = new Redis(redisUrl);
      clients.push(redis);
      return redisPresence(redis, now, `test:presence:${Math.random().toString(36).slice(2)}:`);
    },
  ]);

describe.each(kinds)('presence in %s', (_name, make) => {
  it('the most recent source of a member counts; a socket gone or stale no longer does', async () => {
    let t = 1_000_000;
    const p = make(() => t);
    await p.connected(1, 'a', 'Web');
    t += 10;
    await p.connected(1, 'b', 'Mobile');
    await p.connected(2, 'c', 'iphoneApp');
    expect(await p.sources([1, 2, 3])).toEqual(
      new Map([
        [1, 'Mobile'],
        [2, 'iphoneApp'],
      ]),
    );
    await p.disconnected(1, 'b');
    expect((await p.sources([1])).get(1)).toBe('Web');
    // An instance that died: its sockets stop refreshing and drop out after STALE_MS.
    t += STALE_MS;
    await p.refresh(2, 'c', 'iphoneApp');
    expect(await p.sources([1, 2])).toEqual(new Map([[2, 'iphoneApp']]));
    expect(await p.sources([])).toEqual(new Map());
  });

  it('lists who is online, most recently seen first, up to the number asked', async () => {
    let t = 2_000_000;
    const p = make(() => t);
    for (const id of [11, 12, 13]) {
      await p.connected(id, `s${id}`, 'Web');
      t += 5;
    }
    expect(await p.onlineUserIds(10)).toEqual([13, 12, 11]);
    expect(await p.onlineUserIds(2)).toEqual([13, 12]);
    await p.disconnected(13, 's13');
    expect(await p.onlineUserIds(10)).toEqual([12, 11]);
  });
});
