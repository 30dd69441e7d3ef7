import { api, type FeedEvent } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, type Member, post } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { twoInstances, twoInstancesAvailable } from '../../../tests/flows/_instances';
import { recordFeedEvent } from './events';
import { PAGE_CACHE_STATS } from './page-cache';
import { readable, readableUntil } from './readable-time';

/** The friends filter's first page (the one kept rendered), as the home feed asks for it. */
const page = async (m: Client) => (await m.ok(api.feed.getEvents, { filter: 3 })) as FeedEvent[];

/** Reads the page until it is served as kept (so a stale copy would show), and returns it. */
async function warm(m: Client) {
  for (let i = 0; i < 4; i++) {
    const hits = PAGE_CACHE_STATS.hits;
    const events = await page(m);
    if (PAGE_CACHE_STATS.hits > hits) return events;
  }
  throw new Error('the page was never served from the cache');
}

const statusTexts = (events: FeedEvent[]) => events.filter((e) => e.type === 1).map((e) => e.status?.status);
const of = (events: FeedEvent[], text: string) => events.find((e) => e.status?.status === text);

describe.each(dialects)('friends page cache on $name: the next call after any change is fresh', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  /** A reader with a friend who posted once, the page warm. */
  async function scene() {
    const reader = await member(t.app);
    const friend = await member(t.app);
    const other = await member(t.app);
    await befriend(reader, friend);
    const status = await post(friend, 'Hola desde la caché');
    const item = { type: 1, itemId: status.id, authorUserId: friend.user.uid };
    expect(statusTexts(await warm(reader))).toEqual(['Hola desde la caché']);
    return { reader, friend, other, status, item };
  }

  it('a friend’s new post, and an older one brought in by a new friendship', async () => {
    const { reader, friend, other } = await scene();
    await post(other, 'De antes');
    await post(friend, 'Segundo');
    expect(statusTexts(await page(reader))).toEqual(['Segundo', 'Hola desde la caché']);
    await warm(reader);
    // The new friend's post lands between the two already shown.
    await befriend(reader, other);
    expect(statusTexts(await page(reader))).toEqual(['Segundo', 'De antes', 'Hola desde la caché']);
  });

  it('a full page: a new post pushes the oldest off', async () => {
    const reader = await member(t.app);
    const friend = await member(t.app);
    await befriend(reader, friend);
    for (let i = 1; i <= 11; i++) await post(friend, `n${i}`);
    const first = await warm(reader);
    expect(first).toHaveLength(10);
    await post(friend, 'n12');
    const next = await page(reader);
    expect(next).toHaveLength(10);
    expect(next[0].status?.status).toBe('n12');
    expect(next.map((e) => e.id)).toEqual([next[0].id, ...first.slice(0, 9).map((e) => e.id)]);
  });

  it('likes and unlikes, by others and by the reader', async () => {
    const { reader, other, status, item } = await scene();
    await other.ok(api.user.like, item);
    let event = of(await page(reader), status.status!)!;
    expect(event).toMatchObject({ likeCount: 1, liked: false, likes: [{ uid: other.user.uid }] });
    await warm(reader);
    await reader.ok(api.user.like, item);
    expect(of(await page(reader), status.status!)).toMatchObject({ likeCount: 2, liked: true });
    await warm(reader);
    await other.ok(api.user.unlike, item);
    event = of(await page(reader), status.status!)!;
    expect(event).toMatchObject({ likeCount: 1, liked: true, likes: [{ uid: reader.user.uid }] });
  });

  it('comments, likes of comments and deleted comments', async () => {
    const { reader, friend, other, status } = await scene();
    const on = { postId: status.id, authorUserId: friend.user.uid };
    const [comment] = (await other.ok(api.album.composeComment, { ...on, message: 'Primero' })) as {
      uid: number;
    }[];
    expect(of(await page(reader), status.status!)).toMatchObject({
      commentCount: 1,
      comments: [{ message: 'Primero', likeCount: 0 }],
    });
    await warm(reader);
    await friend.ok(api.user.like, { type: 3, itemId: comment.uid, authorUserId: other.user.uid });
    expect(of(await page(reader), status.status!)?.comments?.[0]).toMatchObject({ likeCount: 1 });
    await warm(reader);
    await other.ok(api.album.deleteComment, { commentId: comment.uid, ...on } as never);
    expect(of(await page(reader), status.status!)).toMatchObject({ commentCount: 0, comments: [] });
  });

  it('an event deleted by its owner', async () => {
    const { reader, friend, status } = await scene();
    const [event] = await page(reader);
    await friend.ok(api.feed.deleteEvent, {
      userId: friend.user.uid,
      postId: status.id,
      type: 1,
      eventTimestamp: event.creationTime,
    });
    expect(statusTexts(await page(reader))).toEqual([]);
  });

  it('blocks either way, and unblocks', async () => {
    const { reader, friend } = await scene();
    await reader.ok(api.people.blockUser, { userId: friend.user.uid });
    expect(statusTexts(await page(reader))).toEqual([]);
    await reader.ok(api.people.unblockUser, { userId: friend.user.uid });
    expect(statusTexts(await page(reader))).toEqual(['Hola desde la caché']);
    await warm(reader);
    await friend.ok(api.people.blockUser, { userId: reader.user.uid });
    expect(statusTexts(await page(reader))).toEqual([]);
  });

  it('a comment’s writer blocked by the reader: the comment hides', async () => {
    const { reader, friend, other, status } = await scene();
    await other.ok(api.album.composeComment, {
      postId: status.id,
      authorUserId: friend.user.uid,
      message: 'Hola',
    });
    expect(of(await warm(reader), status.status!)?.comments).toHaveLength(1);
    await reader.ok(api.people.blockUser, { userId: other.user.uid });
    expect(of(await page(reader), status.status!)?.comments).toEqual([]);
  });

  it('unfriending', async () => {
    const { reader, friend } = await scene();
    await friend.ok(api.buddy.deleteFriendship, { friendUserId: reader.user.uid });
    expect(statusTexts(await page(reader))).toEqual([]);
  });

  it('privacy and visibility changed underneath: an event made private, an author banned, a status edited', async () => {
    const { reader, friend, status } = await scene();
    const db = t.deps.db;
    await db.updateTable('statuses').set({ text: 'Editado' }).where('id', '=', status.id).execute();
    expect(statusTexts(await page(reader))).toEqual(['Editado']);
    await warm(reader);
    await db.updateTable('feed_events').set({ privacy: 3 }).where('post_id', '=', status.id).execute();
    expect(statusTexts(await page(reader))).toEqual([]);
    await db.updateTable('feed_events').set({ privacy: 1 }).where('post_id', '=', status.id).execute();
    expect(statusTexts(await warm(reader))).toEqual(['Editado']);
    await db.updateTable('users').set({ banned_at: Date.now() }).where('id', '=', friend.user.uid).execute();
    expect(statusTexts(await page(reader))).toEqual([]);
  });

  it('the NSFW choice, both ways', async () => {
    const { reader, friend } = await scene();
    await post(friend, 'Picante', { isNSFW: true });
    expect(statusTexts(await warm(reader))).toEqual(['Hola desde la caché']);
    await reader.ok(api.feed.allowNSFW, { filter: true });
    expect(statusTexts(await page(reader))).toEqual(['Picante', 'Hola desde la caché']);
    await warm(reader);
    await reader.ok(api.feed.allowNSFW, { filter: false });
    expect(statusTexts(await page(reader))).toEqual(['Hola desde la caché']);
  });

  it('an author’s name and picture, the reader’s language', async () => {
    const { reader, friend } = await scene();
    await t.deps.db
      .updateTable('users')
      .set({ name: 'Nombre Nuevo', image1: 'ab/cd.jpg' })
      .where('id', '=', friend.user.uid)
      .execute();
    const [event] = await page(reader);
    expect(event.user).toMatchObject({ name: 'Nombre Nuevo' });
    expect(event.user?.image1).toContain('cd.jpg');
    await warm(reader);
    await t.deps.db.updateTable('users').set({ locale: 'en' }).where('id', '=', reader.user.uid).execute();
    expect((await page(reader))[0].readableTimestamp).toBe('recently');
  });

  it('a kept page goes out as the same JSON, typed as JSON, as a freshly rendered one', async () => {
    const { reader } = await scene();
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: `${api.feed.getEvents.path}?filter=3`,
        headers: { cookie: reader.cookieHeader },
      });
    const hits = PAGE_CACHE_STATS.hits;
    const kept = await get();
    expect(PAGE_CACHE_STATS.hits).toBeGreaterThan(hits);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    // The same page through the usual serializer (a projection is never kept).
    const fresh = await t.app.inject({
      method: 'GET',
      url: `${api.feed.getEvents.path}?filter=3&page=1&limit=10&fields=${encodeURIComponent('{"FeedEvent":["id","status","likeCount","comments","user","readableTimestamp"]}')}`,
      headers: { cookie: reader.cookieHeader },
    });
    const pick = (body: string) =>
      (JSON.parse(body).FeedEvent as FeedEvent[]).map(
        ({ id, status, likeCount, comments, user, readableTimestamp }) => ({
          id,
          status,
          likeCount,
          comments,
          user,
          readableTimestamp,
        }),
      );
    expect(pick(kept.body)).toEqual(pick(fresh.body));
    expect(JSON.parse(kept.body).FeedEvent[0]).toMatchObject({ type: 1, cursor: expect.any(String) });
  });

  // Writers commit in any order on PostgreSQL: what a page misses while a writer is still open
  // shows once it commits, though later events committed first.
  it.skipIf(dialect.name !== 'postgres')(
    'writes committed after the page was kept, out of id order',
    async () => {
      const { reader, friend, other } = await scene();
      const second = await member(t.app);
      await befriend(reader, second);
      /** Runs `work` in a transaction kept open while `meanwhile` runs, then commits it. */
      async function whileOpen<T>(
        work: (trx: typeof t.deps.db) => Promise<T>,
        meanwhile: () => Promise<void>,
      ) {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let done!: (value: T) => void;
        const wrote = new Promise<T>((resolve) => {
          done = resolve;
        });
        const tx = t.deps.db.transaction().execute(async (trx) => {
          done(await work(trx));
          await gate;
        });
        const value = await wrote;
        await meanwhile();
        release();
        await tx;
        return value;
      }
      // An event addressed to the reader gets its id, then a later one commits first.
      let next = 1;
      const early = await whileOpen(
        (trx) => recordFeedEvent(trx, { type: 5, userId: other.user.uid, alsoTo: [reader.user.uid] }),
        async () => {
          await post(second, 'Después');
          const kept = await warm(reader);
          next = kept[0].id!;
          expect(kept.map((e) => e.id)).not.toContain(undefined);
        },
      );
      expect(early).toBeLessThan(next);
      expect((await page(reader)).map((e) => e.id)).toContain(early);
      // A shown author renamed: the generation moves when the rename commits, not before.
      await whileOpen(
        (trx) => trx.updateTable('users').set({ name: 'Aún no' }).where('id', '=', friend.user.uid).execute(),
        async () => {
          const kept = await warm(reader);
          expect(kept.find((e) => e.userId === friend.user.uid)?.user?.name).toBe(friend.user.name);
        },
      );
      expect((await page(reader)).find((e) => e.userId === friend.user.uid)?.user?.name).toBe('Aún no');
    },
  );

  it('seen marks', async () => {
    const { reader } = await scene();
    const [event] = await page(reader);
    expect(event.seen).toBe(false);
    await reader.ok(api.feed.storeSeenEvents, { postIds: [event.id!] });
    expect((await page(reader))[0].seen).toBe(true);
  });

  it('an author’s VIP ending: the kept page goes at that moment, the card without its star', async () => {
    const reader = await member(t.app);
    const friend = await member(t.app);
    await befriend(reader, friend);
    // Bought VIP that ends shortly (written as the expiry leaves it: no write when it ends).
    const ends = Date.now() + 2500;
    await t.deps.db.updateTable('users').set({ vip_until: ends }).where('id', '=', friend.user.uid).execute();
    await post(friend, 'Con estrella');
    const starOf = (events: FeedEvent[]) => of(events, 'Con estrella')?.user?.hasMocoVIPStar;
    expect(starOf(await warm(reader))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends - Date.now()) + 50));
    expect(starOf(await page(reader))).toBe(false);
  });

  it('relative times: a kept page expires when the first of them would read differently', () => {
    const now = Date.UTC(2026, 5, 15, 12, 0, 0);
    for (const ago of [
      0,
      59_000,
      60_000,
      61_500,
      3_599_000,
      3_600_000,
      86_399_000,
      86_400_000,
      6.9 * 86_400_000,
      8 * 86_400_000,
      29.9 * 86_400_000,
      40 * 86_400_000,
    ]) {
      const at = now - ago;
      const until = readableUntil(at, now);
      expect(until).toBeGreaterThan(now);
      for (const locale of ['es', 'en'] as const) {
        const shown = readable(at, locale, now);
        expect([ago, readable(at, locale, until - 1)]).toEqual([ago, shown]);
        expect([ago, readable(at, locale, now + (until - now) / 2)]).toEqual([ago, shown]);
      }
    }
    // A time in the future (another instance's clock) reads "just now" until a minute after it.
    expect(readableUntil(Date.now() + 5000, Date.now())).toBeGreaterThan(Date.now() + 60_000);
  });
});

describe.skipIf(!twoInstancesAvailable)('friends page cache across two instances', () => {
  const two = twoInstances();

  it('a change made through B shows in the next page served by A', async () => {
    const readerA = await member(two.a.app);
    const friendA = await member(two.a.app);
    const otherA = await member(two.a.app);
    await befriend(readerA, friendA);
    const status = await post(friendA, 'Uno');
    const item = { type: 1, itemId: status.id, authorUserId: friendA.user.uid };
    // The same members on B (same sessions).
    const onB = (m: Member) => {
      const c = new Client(two.b.app);
      c.cookies = new Map(m.cookies);
      return c;
    };
    const friendB = onB(friendA);
    const otherB = onB(otherA);
    const readerB = onB(readerA);

    await warm(readerA);
    await friendB.ok(api.user.updateStatus, { newStatus: 'Dos' });
    expect(statusTexts(await page(readerA))).toEqual(['Dos', 'Uno']);
    await warm(readerA);
    await otherB.ok(api.user.like, item);
    expect(of(await page(readerA), 'Uno')).toMatchObject({ likeCount: 1 });
    await warm(readerA);
    await otherB.ok(api.album.composeComment, {
      postId: status.id,
      authorUserId: friendA.user.uid,
      message: 'Desde B',
    });
    expect(of(await page(readerA), 'Uno')).toMatchObject({ commentCount: 1 });
    await warm(readerA);
    await readerB.ok(api.feed.storeSeenEvents, { postIds: [(await page(readerA))[0].id!] });
    expect((await page(readerA))[0].seen).toBe(true);
    await warm(readerA);
    await two.b.deps.db
      .updateTable('users')
      .set({ name: 'Renombrada' })
      .where('id', '=', friendA.user.uid)
      .execute();
    expect((await page(readerA))[0].user?.name).toBe('Renombrada');
    await warm(readerA);
    await friendB.ok(api.people.blockUser, { userId: readerA.user.uid });
    expect(statusTexts(await page(readerA))).toEqual([]);
    await friendB.ok(api.people.unblockUser, { userId: readerA.user.uid });
    expect(statusTexts(await warm(readerA))).toEqual(['Dos', 'Uno']);
    await friendB.ok(api.buddy.deleteFriendship, { friendUserId: readerA.user.uid });
    expect(statusTexts(await page(readerA))).toEqual([]);
  });
});
