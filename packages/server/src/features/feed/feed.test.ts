import { api, type FeedEvent, type Notification, type User } from '@tertulia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, feed, type Member, post, postMultipart, texts } from '../../../tests/_social';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';
import { checkerboard } from '../../media/test-support';
import { SCAN } from './store';

describe.each(dialects)('feed on $name', (dialect) => {
  const app = listeningApp(dialect);

  const set = (m: Member, values: Record<string, unknown>) =>
    app.t.deps.db.updateTable('users').set(values).where('id', '=', m.user.uid).execute();

  describe('user/updateStatus.do', () => {
    it('posts a status: UserStatus back, statusObject set, event 1, a feedEvent push to friends', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await befriend(a, b);
      const socket = await openPush(app.baseUrl, { cookie: b.cookieHeader });
      await socket.next();
      const status = await post(a, '  ¡Hola, Tertulia!  ');
      expect(status).toMatchObject({
        status: '¡Hola, Tertulia!',
        userId: a.user.uid,
        commentCount: 0,
        likeCount: 0,
        readableTimestamp: 'hace un momento',
      });
      expect(Math.abs(status.timestamp! - Date.now())).toBeLessThan(10_000);
      const frame = await socket.next();
      expect(frame).toMatchObject({ type: 'feedEvent', eventType: 1, userId: a.user.uid });
      const [user] = (await b.ok(api.people.getUserById, { userId: a.user.uid })) as User[];
      expect(user.statusObject).toMatchObject({ id: status.id, status: '¡Hola, Tertulia!' });
      const [event] = await feed(b, { filter: 3 });
      expect(event).toMatchObject({
        id: frame.eventId,
        type: 1,
        userId: a.user.uid,
        postId: status.id,
        status: { id: status.id, status: '¡Hola, Tertulia!' },
        likeType: 1,
        likeItemId: status.id,
        commentable: true,
        deletable: false,
        seen: false,
        properties: { source: { user: { uid: a.user.uid } } },
      });
      await socket.close();
    });

    it('takes an image through the media intake', async () => {
      const a = await member(app.t.app);
      const png = await checkerboard(64, 48).png().toBuffer();
      const res = await postMultipart(
        a,
        api.user.updateStatus,
        { newStatus: 'Con foto' },
        { field: 'image', data: png, type: 'image/png', name: 'a.png' },
      );
      expect(res.status).toBe(200);
      const [status] = res.body.UserStatus as { image1: string }[];
      expect(status.image1).toMatch(/^\/media\/img\//);
      const [event] = await feed(a, { filter: 4 });
      expect(event.status?.image1).toBe(status.image1);
    });

    it('refuses bad input with the field named and stores nothing', async () => {
      const a = await member(app.t.app);
      const empty = await a.call(api.user.updateStatus, { newStatus: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        message: 'Escribe algo o elige una imagen para publicar.',
        ApiValidationException: { field: 'newStatus' },
      });
      const long = await a.call(api.user.updateStatus, { newStatus: 'x'.repeat(501) });
      expect(long.status).toBe(400);
      expect(long.body.ApiValidationException).toEqual({ field: 'newStatus' });
      const privacy = await a.call(api.user.updateStatus, { newStatus: 'hola', privacy: 7 });
      expect(privacy.body.ApiValidationException).toEqual({ field: 'privacy' });
      const rows = await app.t.deps.db
        .selectFrom('statuses')
        .select('id')
        .where('user_id', '=', a.user.uid)
        .execute();
      expect(rows).toEqual([]);
      expect(await feed(a, { filter: 4 })).toEqual([]);
    });

    it('needs a login', async () => {
      const anon = new Client(app.t.app);
      expect((await anon.call(api.user.updateStatus, { newStatus: 'x' })).status).toBe(401);
      expect((await anon.call(api.feed.getEvents)).status).toBe(401);
    });
  });

  describe('feed/getEvents.do filters', () => {
    // me and friend are friends; stranger is public; hidden has a private profile; blocked was
    // blocked by me; blocker blocked me. Each posts public and friends-only statuses.
    let me: Member;
    let friend: Member;
    let stranger: Member;
    let hidden: Member;
    let blocked: Member;
    let blocker: Member;
    let everyone: Member[];
    beforeAll(async () => {
      [me, friend, stranger, hidden, blocked, blocker] = await Promise.all(
        Array.from({ length: 6 }, () => member(app.t.app)),
      );
      everyone = [me, friend, stranger, hidden, blocked, blocker];
      await befriend(me, friend);
      await set(hidden, { buddies_private: 1 });
      await me.ok(api.people.blockUser, { userId: blocked.user.uid });
      await blocker.ok(api.people.blockUser, { userId: me.user.uid });
      for (const m of everyone) {
        const name =
          m === me
            ? 'me'
            : m === friend
              ? 'friend'
              : m === stranger
                ? 'stranger'
                : m === hidden
                  ? 'hidden'
                  : m === blocked
                    ? 'blocked'
                    : 'blocker';
        await post(m, `${name} público`);
        await post(m, `${name} amigos`, { privacy: 2 });
      }
      await post(friend, 'friend nsfw', { isNSFW: true });
      await post(stranger, 'stranger nsfw', { isNSFW: true });
    });

    it('1 all: own, friends’ (friends-only too), public of public profiles; nothing private, blocked or NSFW', async () => {
      const events = await feed(me, { filter: 1 });
      expect(texts(events, everyone)).toEqual([
        'stranger público',
        'friend amigos',
        'friend público',
        'me amigos',
        'me público',
      ]);
    });

    it('NSFW items show once the member opts in, and hide again', async () => {
      await me.ok(api.feed.allowNSFW, { filter: true });
      expect(texts(await feed(me, { filter: 1 }), everyone)).toEqual([
        'stranger nsfw',
        'friend nsfw',
        'stranger público',
        'friend amigos',
        'friend público',
        'me amigos',
        'me público',
      ]);
      const nsfw = (await feed(me, { filter: 3 })).find((e) => e.status?.status === 'friend nsfw');
      expect(nsfw?.isNSFW).toBe(true);
      expect(await me.ok(api.feed.getFeedSettings)).toMatchObject([{ allowNSFW: true }]);
      await me.ok(api.feed.allowNSFW, { filter: false });
      expect(texts(await feed(me, { filter: 1 }), everyone)).not.toContain('stranger nsfw');
    });

    it('3 friends: own and friends’ only', async () => {
      expect(texts(await feed(me, { filter: 3 }))).toEqual([
        'friend amigos',
        'friend público',
        'me amigos',
        'me público',
      ]);
      // The friend sees me, but a stranger sees neither of us in theirs.
      expect(texts(await feed(stranger, { filter: 3 }))).toEqual([
        'stranger nsfw',
        'stranger amigos',
        'stranger público',
      ]);
      // A buddy accepted event is in both friends' feeds.
      const types = (await feed(friend, { filter: 3 })).map((e) => e.type);
      expect(types).toContain(8);
    });

    it('3 friends: an ex-friend’s items leave, a new friend’s recent items arrive', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await post(b, 'antes de ser amigos');
      await befriend(a, b);
      expect(texts(await feed(a, { filter: 3 }))).toEqual(['antes de ser amigos']);
      await a.ok(api.buddy.deleteFriendship, { friendUserId: b.user.uid });
      expect(texts(await feed(a, { filter: 3 }))).toEqual([]);
    });

    it('4 person: a member’s own items as the viewer may see them', async () => {
      expect(texts(await feed(me, { filter: 4, userId: friend.user.uid }))).toEqual([
        'friend amigos',
        'friend público',
      ]);
      expect(texts(await feed(me, { filter: 4, userId: stranger.user.uid }))).toEqual(['stranger público']);
      expect(texts(await feed(me, { filter: 4 }))).toEqual(['me amigos', 'me público']);
      const priv = await me.call(api.feed.getEvents, { filter: 4, userId: hidden.user.uid });
      expect(priv.status).toBe(403);
      expect(priv.body.message).toBe(
        `El perfil de ${hidden.user.name} es privado: solo sus amigos ven sus publicaciones.`,
      );
      expect((await me.call(api.feed.getEvents, { filter: 4, userId: blocker.user.uid })).status).toBe(404);
      expect(await feed(me, { filter: 4, userId: blocked.user.uid })).toEqual([]);
      expect((await blocked.call(api.feed.getEvents, { filter: 4, userId: me.user.uid })).status).toBe(404);
    });

    it('2 near me: members of the same place only', async () => {
      const place = { country: 'España', city: 'Cádiz', search_proximity: 1 };
      await set(me, place);
      await set(stranger, place);
      await set(friend, { country: 'México', city: 'Puebla' });
      await set(hidden, place);
      // The session row is read again after a write to it.
      expect(texts(await feed(me, { filter: 2 }), everyone)).toEqual([
        'stranger público',
        'me amigos',
        'me público',
      ]);
    });

    it('5 trending: most liked and commented first, only what the viewer may see', async () => {
      const fans = await Promise.all([member(app.t.app), member(app.t.app), member(app.t.app)]);
      const strangerStatus = (await feed(me, { filter: 4, userId: stranger.user.uid }))[0].status!;
      const friendStatus = (await feed(me, { filter: 4, userId: friend.user.uid }))[1].status!;
      for (const fan of fans) {
        await fan.ok(api.user.like, { type: 1, itemId: strangerStatus.id, authorUserId: stranger.user.uid });
      }
      await me.ok(api.album.composeComment, {
        postId: friendStatus.id,
        authorUserId: friend.user.uid,
        message: '¡Bien!',
      });
      // A private profile's status: strangers cannot like it; its own like makes it trend for friends only.
      const hiddenStatus = (await feed(hidden, { filter: 4 }))[0].status!;
      const like = { type: 1, itemId: hiddenStatus.id, authorUserId: hidden.user.uid };
      expect((await fans[0].call(api.user.like, like)).status).toBe(404);
      await hidden.ok(api.user.like, like);
      const blockerStatus = (await feed(blocker, { filter: 4 }))[0].status!;
      await blocker.ok(api.user.like, { type: 1, itemId: blockerStatus.id, authorUserId: blocker.user.uid });
      expect(texts(await feed(hidden, { filter: 5 }), [hidden])).toEqual(['hidden amigos']);
      const trending = (await feed(me, { filter: 5 })).filter((e) =>
        everyone.some((m) => m.user.uid === e.userId),
      );
      expect(trending.map((e) => [e.status?.status, e.likeCount, e.commentCount])).toEqual([
        ['stranger público', 3, 0],
        ['friend público', 0, 1],
      ]);
      expect(trending[0].cursor).toMatch(/^t\d+$/);
    });

    it('1 all: walks at most SCAN.window of the latest events, so seeing little never scans the log', async () => {
      const a = await member(app.t.app);
      const other = await member(app.t.app);
      await post(a, 'visible para a');
      for (let i = 0; i < 6; i++) await post(other, `privado ${i}`, { privacy: 2 });
      const saved = SCAN.window;
      try {
        SCAN.window = 5;
        // The latest five events are friends-only posts of a stranger: an empty page, not a long walk.
        expect(texts(await feed(a, { filter: 1 }), [a, other])).toEqual([]);
        // Paging on with a cursor below them moves the window onto a's status.
        const [mine] = await feed(a, { filter: 4 });
        const before = String(mine.id! + 1);
        expect(texts(await feed(a, { filter: 1, before }), [a, other])).toEqual(['visible para a']);
      } finally {
        SCAN.window = saved;
      }
      expect(texts(await feed(a, { filter: 1 }), [a, other])).toEqual(['visible para a']);
    });

    it('remembers the filter and uses it when none is given', async () => {
      await me.ok(api.user.setFeedFilter, { filter: 3 });
      expect(await me.ok(api.feed.getFeedSettings)).toMatchObject([{ filter: 3 }]);
      const events = await me.ok(api.feed.getEvents, { limit: 100 });
      expect(texts(events as FeedEvent[])).toEqual(texts(await feed(me, { filter: 3 })));
      const bad = await me.call(api.user.setFeedFilter, { filter: 9 });
      expect(bad.status).toBe(400);
      expect(bad.body.ApiValidationException).toEqual({ field: 'filter' });
      expect(await me.ok(api.feed.getFeedSettings)).toMatchObject([{ filter: 3 }]);
      await me.ok(api.user.setFeedFilter, { filter: 1 });
    });
  });

  describe('paging', () => {
    it('walks with the before cursor without duplicates or gaps while new events arrive', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await befriend(a, b);
      for (let i = 1; i <= 25; i++) await post(i % 2 ? a : b, `n${i}`);
      // Posts made while the first walk ran are older than the second walk's start.
      const earlier: string[] = [];
      for (const filter of [3, 4]) {
        const seen: string[] = [];
        let before: string | undefined;
        for (let round = 0; round < 10; round++) {
          const page = (await b.ok(api.feed.getEvents, {
            filter,
            ...(filter === 4 ? { userId: a.user.uid } : {}),
            limit: 4,
            ...(before ? { before } : {}),
          } as never)) as FeedEvent[];
          if (!page.length) break;
          seen.push(...texts(page).map(String));
          before = page[page.length - 1].cursor;
          // Someone posts between pages: it must not shift the next page.
          await post(a, `new-${filter}-${round}`);
          earlier.unshift(`new-${filter}-${round}`);
        }
        const expected = Array.from({ length: 25 }, (_, i) => `n${25 - i}`).filter(
          (n) => filter === 3 || Number(n.slice(1)) % 2 === 1,
        );
        expect(seen).toEqual(
          filter === 3 ? expected : [...earlier.filter((n) => n.startsWith('new-3')), ...expected],
        );
      }
      const bad = await b.call(api.feed.getEvents, { before: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.ApiValidationException).toEqual({ field: 'before' });
    });

    it('pages by number too (limit default 10)', async () => {
      const a = await member(app.t.app);
      for (let i = 1; i <= 12; i++) await post(a, `p${i}`);
      const first = (await a.ok(api.feed.getEvents, { filter: 4 })) as FeedEvent[];
      const second = (await a.ok(api.feed.getEvents, { filter: 4, page: 2 })) as FeedEvent[];
      expect(first).toHaveLength(10);
      expect([...texts(first), ...texts(second)]).toEqual(Array.from({ length: 12 }, (_, i) => `p${12 - i}`));
    });

    it('4 person with statusId: that status’s event alone, however old, as the viewer may see it', async () => {
      const a = await member(app.t.app);
      const friend = await member(app.t.app);
      const stranger = await member(app.t.app);
      await befriend(a, friend);
      const old = await post(a, 'antiguo');
      const close = await post(a, 'solo amigos', { privacy: 2 });
      for (let i = 1; i <= 12; i++) await post(a, `p${i}`);
      const one = (await friend.ok(api.feed.getEvents, {
        filter: 4,
        userId: a.user.uid,
        statusId: old.id,
        limit: 1,
      })) as FeedEvent[];
      expect(texts(one)).toEqual(['antiguo']);
      expect(texts(await feed(friend, { filter: 4, userId: a.user.uid, statusId: close.id }))).toEqual([
        'solo amigos',
      ]);
      expect(await feed(stranger, { filter: 4, userId: a.user.uid, statusId: close.id })).toEqual([]);
      // Another member's status id under a's name finds nothing.
      const theirs = await post(friend, 'de otro');
      expect(await feed(stranger, { filter: 4, userId: a.user.uid, statusId: theirs.id })).toEqual([]);
    });
  });

  describe('bad input and login', () => {
    it('answers 400 naming the field, and 401 without a session', async () => {
      const a = await member(app.t.app);
      const cases: [Parameters<typeof a.call>[0], Record<string, unknown>, string][] = [
        [api.feed.getEvents, { filter: 9 }, 'filter'],
        [api.feed.getEvents, { limit: 101 }, 'limit'],
        [api.feed.getEvents, { filter: 4, userId: 0 }, 'userId'],
        [api.feed.deleteEvent, { userId: a.user.uid, eventTimestamp: 1 }, 'type'],
        [api.feed.allowNSFW, { filter: 'quizás' }, 'filter'],
        [api.user.getItemLikes, { type: 1, authorUserId: a.user.uid }, 'itemId'],
        [api.profile.getItemLikeCount, { type: 0, itemId: 1, authorUserId: a.user.uid }, 'type'],
        [api.album.getPostComments, { postId: 'x', authorUserId: a.user.uid }, 'postId'],
        [api.user.getGuestbookComments, {}, 'profileId'],
      ];
      for (const [endpoint, params, field] of cases) {
        const res = await a.call(endpoint, params);
        expect([endpoint.path, res.status, res.body.ApiValidationException]).toEqual([
          endpoint.path,
          400,
          { field },
        ]);
      }
      const anon = new Client(app.t.app);
      for (const endpoint of [
        api.feed.storeSeenEvents,
        api.user.like,
        api.user.getNotifications,
        api.feed.getFeedSettings,
      ]) {
        expect((await anon.call(endpoint, {})).status).toBe(401);
      }
      const [settings] = (await a.ok(api.feed.getFeedSettings)) as { allowNSFW: boolean }[];
      expect(settings.allowNSFW).toBe(false);
    });
  });

  describe('feed/deleteEvent.do and storeSeenEvents.do', () => {
    it('deletes only the owner’s events; the status goes with it', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await befriend(a, b);
      const status = await post(a, 'para borrar');
      const [event] = await feed(b, { filter: 4, userId: a.user.uid });
      const name = { userId: a.user.uid, postId: status.id, type: 1, eventTimestamp: event.creationTime! };
      await b.ok(api.user.like, { type: 1, itemId: status.id, authorUserId: a.user.uid });
      const notices = async () =>
        ((await a.ok(api.user.getNotifications)) as Notification[]).map((n) => n.kind);
      expect(await notices()).toEqual(['like', 'buddyAccepted']);
      const other = await b.call(api.feed.deleteEvent, name);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('Solo puedes borrar tus propias publicaciones.');
      expect((await b.call(api.feed.deleteEvent, { ...name, userId: b.user.uid })).status).toBe(404);
      expect(await feed(b, { filter: 4, userId: a.user.uid })).toHaveLength(1);
      expect(await a.ok(api.feed.deleteEvent, name)).toEqual([true]);
      expect(await feed(b, { filter: 4, userId: a.user.uid })).toEqual([]);
      expect(
        await app.t.deps.db.selectFrom('statuses').select('id').where('id', '=', status.id).execute(),
      ).toEqual([]);
      const [user] = (await a.ok(api.user.getLoggedInUser)) as User[];
      expect(user.statusObject).toBeUndefined();
      // The like's notice would lead to nothing: it went with the status; the others stay.
      expect(await notices()).toEqual(['buddyAccepted']);
      expect((await a.call(api.feed.deleteEvent, name)).status).toBe(404);
    });

    it('marks events seen for the reader only', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await befriend(a, b);
      await post(a, 'nuevo');
      const [event] = await feed(b, { filter: 4, userId: a.user.uid });
      expect(event.seen).toBe(false);
      expect(await b.ok(api.feed.storeSeenEvents, { postIds: [event.id!, 999_999_999] })).toEqual([true]);
      expect(await b.ok(api.feed.storeSeenEvents, { postIds: String(event.id) })).toEqual([true]);
      expect((await feed(b, { filter: 4, userId: a.user.uid }))[0].seen).toBe(true);
      expect((await feed(a, { filter: 4 }))[0].seen).toBe(true);
      const bad = await b.call(api.feed.storeSeenEvents, { postIds: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.ApiValidationException).toEqual({ field: 'postIds' });
    });
  });
});
