import { PhotoPrivacy } from '@tertulia/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../../tests/_social';
import { dialects, member, type TestApp, testApp } from '../../tests/_util';
import { blockedEitherWay, socialGraph } from './graph';
import { noBlockWith } from './graph-store';
import { maySeeItem } from './privacy';
import { itemVisibleTo } from './privacy-store';

/**
 * The rules that exist twice, as a function (one row at a time) and as a SQL fragment (a page
 * in one query): each pair gives the same answer on every case of a table, on both databases.
 */
describe.each(dialects)('policy rules and their SQL give the same answers on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const setPrivate = (uid: number, value: number) =>
    t.deps.db.updateTable('users').set({ buddies_private: value }).where('id', '=', uid).execute();

  it('the item rule (private profiles): maySeeItem and itemVisibleTo, 18 cases', async () => {
    const viewer = await member(t.app);
    const cases: { author: number; isAuthor: boolean; isFriend: boolean; authorPrivate: boolean }[] = [];
    for (const authorPrivate of [false, true]) {
      await setPrivate(viewer.user.uid, authorPrivate ? 1 : 0);
      for (const isFriend of [false, true]) {
        const author = await member(t.app);
        if (isFriend) await befriend(viewer, author);
        await setPrivate(author.user.uid, authorPrivate ? 1 : 0);
        cases.push({ author: author.user.uid, isAuthor: false, isFriend, authorPrivate });
      }
    }
    let compared = 0;
    for (const privacy of [PhotoPrivacy.PUBLIC, PhotoPrivacy.FRIENDS, PhotoPrivacy.PRIVATE]) {
      for (const authorPrivate of [false, true]) {
        // The viewer as author of their own item: seen whatever the rest.
        await setPrivate(viewer.user.uid, authorPrivate ? 1 : 0);
        const own = { author: viewer.user.uid, isAuthor: true, isFriend: false, authorPrivate };
        for (const c of [own, ...cases.filter((x) => x.authorPrivate === authorPrivate)]) {
          const row = await t.deps.db
            .selectFrom('users')
            .select((eb) =>
              itemVisibleTo(eb, viewer.user.uid, {
                author: 'users.id',
                privacy: sql<number>`${sql.lit(privacy)}`,
                authorPrivate: eb.ref('users.buddies_private'),
              }).as('visible'),
            )
            .where('users.id', '=', c.author)
            .executeTakeFirstOrThrow();
          const expected = maySeeItem({ privacy, ...c });
          expect(Boolean(Number(row.visible)), JSON.stringify({ privacy, ...c })).toBe(expected);
          compared++;
        }
      }
    }
    // 3 privacies × (the author themself + stranger and friend) × private or not, both ways round.
    expect(compared).toBe(18);
  });

  it('blocked either way: blockedEitherWay, the graph read and noBlockWith agree', async () => {
    const graph = socialGraph(t.deps.db);
    const [a, third] = [await member(t.app), await member(t.app)];
    const block = (blocker: number, blocked: number) =>
      t.deps.db
        .insertInto('blocks')
        .values({ blocker_id: blocker, blocked_id: blocked, created_at: 1 })
        .execute();
    const scenes: { name: string; setup: (b: number) => Promise<unknown>; blocked: boolean }[] = [
      { name: 'no block', setup: async () => undefined, blocked: false },
      { name: 'a blocked b', setup: (b) => block(a.user.uid, b), blocked: true },
      { name: 'b blocked a', setup: (b) => block(b, a.user.uid), blocked: true },
      {
        name: 'both ways',
        setup: async (b) => [await block(a.user.uid, b), await block(b, a.user.uid)],
        blocked: true,
      },
      { name: 'a blocked someone else', setup: () => block(a.user.uid, third.user.uid), blocked: false },
      { name: 'b blocked someone else', setup: (b) => block(b, third.user.uid), blocked: false },
    ];
    for (const scene of scenes) {
      const b = (await member(t.app)).user.uid;
      await scene.setup(b);
      const ties = await graph.tiesAmong(a.user.uid, [b]);
      const row = await t.deps.db
        .selectFrom('users')
        .select((eb) => noBlockWith(eb, a.user.uid, 'users.id').as('clear'))
        .where('users.id', '=', b)
        .executeTakeFirstOrThrow();
      expect(blockedEitherWay(ties, b), scene.name).toBe(scene.blocked);
      expect(await graph.blockedEitherWay(a.user.uid, b), scene.name).toBe(scene.blocked);
      expect(!Number(row.clear), scene.name).toBe(scene.blocked);
      // Either way means either way: asked from b's side, the same answer.
      expect(blockedEitherWay(await graph.tiesAmong(b, [a.user.uid]), a.user.uid), scene.name).toBe(
        scene.blocked,
      );
    }
  });
});
