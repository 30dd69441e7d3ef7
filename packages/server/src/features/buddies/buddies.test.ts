import { api, OfflineCategory, OnlineStatusCode, type User } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';
import { OnlineVisibility } from '../../policy/preferences';

type Member = Awaited<ReturnType<typeof member>>;
const DAY = 86_400_000;

describe.each(dialects)('buddies on $name', (dialect) => {
  const app = listeningApp(dialect);

  const set = app.setUser;
  const request = async (from: Member, to: Member, extra: Record<string, unknown> = {}) =>
    (
      (await from.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: to.user.uid, ...extra })) as number[]
    )[0];
  const friends = async (a: Member, b: Member) => {
    const id = await request(a, b);
    await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });
  };
  const ids = (users: unknown[]) => (users as User[]).map((u) => u.uid);

  describe('requests', () => {
    it('sends a request as an offline message and pushes it to the receiver', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const socket = await openPush(app.baseUrl, { cookie: b.cookieHeader });
      await socket.next();
      expect(await a.ok(api.buddy.canSendUserBuddyRequest, { receivingUserId: b.user.uid })).toEqual([true]);
      const id = await request(a, b, { message: '¡Hola!' });
      expect(await socket.next()).toMatchObject({
        type: 'offlineMessage',
        id,
        category: 3,
        sender: { uid: a.user.uid, name: a.user.name },
        subject: '¡Hola!',
      });
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([1]);
      const [req] = (await b.ok(api.buddy.getFriendshipRequests)) as {
        offlineMessageId: number;
        sender: User;
        message: string;
      }[];
      expect(req).toMatchObject({ offlineMessageId: id, message: '¡Hola!', sender: { uid: a.user.uid } });
      expect(req).toMatchObject({ read: false });
      const [seen] = (await b.ok(api.buddy.getFriendshipRequests)) as { read: boolean }[];
      expect(seen.read).toBe(true);
      await socket.close();
    });

    it('refuses oneself, a friend, a pending duplicate, a blocker and someone one blocked', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const self = await a.call(api.buddy.sendUserBuddyRequest, { receivingUserId: a.user.uid });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('No puedes enviarte una solicitud de amistad a ti mismo.');
      await request(a, b);
      const twice = await a.call(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('Ya le enviaste una solicitud. Espera su respuesta.');
      expect((await a.call(api.buddy.canSendUserBuddyRequest, { receivingUserId: b.user.uid })).status).toBe(
        409,
      );
      const [pending] = (await b.ok(api.buddy.getFriendshipRequests)) as { offlineMessageId: number }[];
      await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: pending.offlineMessageId });
      const again = await a.call(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid });
      expect(again.body).toEqual({ message: 'Ya sois amigos.', ApiConflictException: {} });

      const c = await member(app.t.app);
      const d = await member(app.t.app);
      await c.ok(api.people.blockUser, { userId: d.user.uid });
      expect((await d.call(api.buddy.sendUserBuddyRequest, { receivingUserId: c.user.uid })).status).toBe(
        404,
      );
      const blocked = await c.call(api.buddy.sendUserBuddyRequest, { receivingUserId: d.user.uid });
      expect(blocked.status).toBe(403);
      expect(await c.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
      expect(await d.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
    });

    it('takes no proof from a last name anyone can read on the profile (issue 38 item 6)', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await b.ok(api.buddy.setPrivate, { isPrivate: true });
      await b.ok(api.people.updateProfile, { lastName: 'Pérez García', phone: '+34 600 123 456' });
      // The last name is public: any member reads it from the profile or a search...
      const [shown] = (await a.ok(api.people.getUserById, { userId: b.user.uid })) as { lastName?: string }[];
      expect(shown.lastName).toBe('Pérez García');
      // ...so it opens nothing: the phone, shown to nobody, is the proof.
      const res = await a.call(api.buddy.sendUserBuddyRequest, {
        receivingUserId: b.user.uid,
        lastName: shown.lastName,
      });
      expect(res.status).toBe(409);
      expect(Object.keys(res.body)).toContain('BuddyRequestConfirmationRequiredException');
      expect(res.body.message).toBe(
        `${b.user.name} solo acepta solicitudes de quien le conoce. Escribe su número de teléfono para que sepa que le conoces.`,
      );
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
      await request(a, b, { phone: '600123456' });
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([1]);
    });

    it('asks for the phone when the receiver keeps a private list', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await b.ok(api.buddy.setPrivate, { isPrivate: true });
      const res = await a.call(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid });
      expect(res.status).toBe(409);
      expect(Object.keys(res.body)).toContain('BuddyRequestConfirmationRequiredException');
      expect(res.body.message).toContain(b.user.name);
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
      await b.ok(api.people.updateProfile, { phone: '600 111 222' });
      await request(a, b, { phone: '600-111-222' });
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([1]);
    });

    it('compares the proof with the receiver’s own phone', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await b.ok(api.buddy.setPrivate, { isPrivate: true });
      await b.ok(api.people.updateProfile, { lastName: 'Núñez', phone: '+34 600-123-456' });
      const wrongName = await a.call(api.buddy.sendUserBuddyRequest, {
        receivingUserId: b.user.uid,
        phone: '611 222 333',
      });
      expect(wrongName.status).toBe(409);
      expect(Object.keys(wrongName.body)).toContain('BuddyRequestConfirmationRequiredException');
      expect(wrongName.body.message).toBe(
        `Ese teléfono no coincide con el de ${b.user.name}. Escribe el número que te dio.`,
      );
      a.cookies.set('locale', 'en');
      const wrongPhone = await a.call(api.buddy.sendUserBuddyRequest, {
        receivingUserId: b.user.uid,
        phone: '600 999 999',
      });
      expect(wrongPhone.status).toBe(409);
      expect(wrongPhone.body.message).toBe(
        `That phone doesn't match ${b.user.name}'s. Use the number they gave you.`,
      );
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
      // Digits only: the national number without its country code matches too.
      await request(a, b, { phone: '(600) 12 34 56' });
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([1]);

      // With its country code too; a last name given beside it changes nothing.
      const c = await member(app.t.app);
      await request(c, b, { lastName: 'Gómez', phone: '0034 600 123 456' });
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([2]);
    });

    it('stops guessing after a few wrong proofs, and a receiver without a phone takes none', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await b.ok(api.buddy.setPrivate, { isPrivate: true });
      const statuses = [];
      for (const phone of ['600000001', '600000002', '600000003', '600000004', '600000005', '600000006']) {
        statuses.push(
          (await a.call(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid, phone })).status,
        );
      }
      expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
    });

    it('refuses a phone that is not one', async () => {
      const b = await member(app.t.app);
      const bad = await b.call(api.people.updateProfile, { phone: 'llámame' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'Escribe un teléfono de 7 a 15 cifras (puede llevar +, espacios y guiones).',
      );
      expect((await b.call(api.people.updateProfile, { phone: '12345' })).status).toBe(400);
      // Never shown on the member's User, to anyone.
      const [self] = (await b.ok(api.people.updateProfile, { phone: '600123456' })) as User[];
      expect(JSON.stringify(self)).not.toContain('600123456');
    });

    it('turns a request to someone who already asked you into a friendship', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await request(a, b);
      await request(b, a);
      expect(ids(await a.ok(api.buddy.getBuddies))).toEqual([b.user.uid]);
      expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([0]);
    });
  });

  describe('answers', () => {
    it('lets only the receiver answer, once; acceptance notifies the sender and records a feed event', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const stranger = await member(app.t.app);
      const id = await request(a, b);
      expect((await a.call(api.buddy.acceptFriendshipRequest, { offlineMessageId: id })).status).toBe(404);
      expect((await stranger.call(api.buddy.denyFriendshipRequest, { offlineMessageId: id })).status).toBe(
        404,
      );
      const socket = await openPush(app.baseUrl, { cookie: a.cookieHeader });
      await socket.next();
      expect(await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id })).toEqual([true]);
      expect(await socket.next()).toMatchObject({
        type: 'notification',
        kind: 'buddyAccepted',
        text: `${b.user.name} ha aceptado tu solicitud de amistad.`,
        url: `/html/profile-view.jsp?user=${b.user.uid}`,
      });
      expect(await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id })).toEqual([false]);
      expect(await b.ok(api.buddy.denyFriendshipRequest, { offlineMessageId: id })).toEqual([false]);
      expect(ids(await a.ok(api.buddy.getBuddies))).toEqual([b.user.uid]);
      const events = await app.t.deps.db
        .selectFrom('feed_events')
        .selectAll()
        .where('user_id', '=', b.user.uid)
        // Besides the "new member near you" event of b's sign-up.
        .where('type', '<>', 4)
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0].type).toBe(8);
      expect(JSON.parse(events[0].properties!)).toEqual({
        'source.user': b.user.uid,
        'target.user': a.user.uid,
      });
      expect((await b.ok(api.people.getUserById, { userId: a.user.uid }))[0]).toMatchObject({
        isFriend: true,
      });
      await socket.close();
    });

    it('denies without making friends', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const id = await request(a, b);
      expect(await b.ok(api.buddy.denyFriendshipRequest, { offlineMessageId: id })).toEqual([true]);
      expect(await b.ok(api.buddy.getBuddies)).toEqual([]);
      expect(await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id })).toEqual([false]);
      expect(await b.ok(api.buddy.getBuddies)).toEqual([]);
    });

    it('accepts all pending requests and returns (accepted, unread)', async () => {
      const me = await member(app.t.app);
      const senders = [await member(app.t.app), await member(app.t.app), await member(app.t.app)];
      for (const s of senders) await request(s, me);
      expect(await me.ok(api.buddy.acceptAllFriendshipRequests)).toEqual([{ first: 3, second: 0 }]);
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ALPHABETICAL' })).sort()).toEqual(
        senders.map((s) => s.user.uid).sort(),
      );
      expect(await me.ok(api.buddy.acceptAllFriendshipRequests)).toEqual([{ first: 0, second: 0 }]);
    });

    it('ends a friendship both ways', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await friends(a, b);
      expect(await a.ok(api.buddy.deleteFriendship, { friendUserId: b.user.uid })).toEqual([true]);
      expect(await b.ok(api.buddy.getBuddies)).toEqual([]);
      const again = await a.call(api.buddy.deleteFriendship, { friendUserId: b.user.uid });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('No sois amigos.');
    });
  });

  describe('lists', () => {
    it('orders friends by each sort, with positions, and remembers the chosen sort', async () => {
      const me = await member(app.t.app);
      const [x, y, z] = [
        await member(app.t.app, `c_${Date.now()}`),
        await member(app.t.app, `a_${Date.now()}`),
        await member(app.t.app, `b_${Date.now()}`),
      ];
      for (const f of [x, y, z]) await friends(me, f);
      await set(x.user.uid, { last_access: 3000 });
      await set(y.user.uid, { last_access: 1000 });
      await set(z.user.uid, { last_access: 2000 });
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ALPHABETICAL' }))).toEqual([
        y.user.uid,
        z.user.uid,
        x.user.uid,
      ]);
      await me.ok(api.buddy.setBuddyPosition, { buddyUserID: x.user.uid, position: 1 });
      const list = (await me.ok(api.buddy.getBuddiesSorted, { sort: 'DEFAULT' })) as User[];
      expect(ids(list)).toEqual([x.user.uid, y.user.uid, z.user.uid]);
      expect(list[0].buddyPosition).toBe(1);
      const socket = await openPush(app.baseUrl, { cookie: z.cookieHeader });
      await socket.next();
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_DEFAULT' }))[0]).toBe(z.user.uid);
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_ACCESS_DEFAULT' }))).toEqual([
        z.user.uid,
        x.user.uid,
        y.user.uid,
      ]);
      expect(ids(await me.ok(api.buddy.getBuddies, { onlineSort: true }))[0]).toBe(z.user.uid);
      expect(await me.ok(api.buddy.getNumberFriendsOnline)).toEqual([1]);
      await set(z.user.uid, { online_status: 2 });
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_STATUS_DEFAULT' }))[0]).toBe(
        z.user.uid,
      );
      await set(z.user.uid, { online_status: 1, star: 2 });
      expect(await me.ok(api.buddy.getNumberFriendsOnline)).toEqual([0]);
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_DEFAULT' }))[0]).toBe(x.user.uid);
      await socket.close();

      expect(await me.ok(api.buddy.getBuddySort)).toEqual(['DEFAULT']);
      await me.ok(api.buddy.setBuddySort, { sort: 'ALPHABETICAL' });
      expect(await me.ok(api.buddy.getBuddySort)).toEqual(['ALPHABETICAL']);
      expect(ids(await me.ok(api.buddy.getBuddies))).toEqual([y.user.uid, z.user.uid, x.user.uid]);
      expect((await me.call(api.buddy.setBuddySort, { sort: 'RANDOM' })).status).toBe(400);
      expect((await me.call(api.buddy.setBuddySort, { sort: 'DEFAULT', userId: x.user.uid })).status).toBe(
        403,
      );
      const stranger = await member(app.t.app);
      expect(
        (await me.call(api.buddy.setBuddyPosition, { buddyUserID: stranger.user.uid, position: 2 })).status,
      ).toBe(404);
      expect(ids(await me.ok(api.buddy.searchFriends, { name: 'B_' }))).toEqual([z.user.uid]);
      expect(
        ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ALPHABETICAL', limit: 1, page: 2 })),
      ).toEqual([z.user.uid]);
    });

    it('ranks online friends first also when more members are online than a list takes at once', async () => {
      const me = await member(app.t.app);
      const [x, y] = [await member(app.t.app, `a_${Date.now()}`), await member(app.t.app, `b_${Date.now()}`)];
      for (const f of [x, y]) await friends(me, f);
      // Past ONLINE_LIST_MAX online members the list asks presence about each friend instead.
      const strangers = Array.from({ length: 1001 }, (_, i) => 900_000_000 + i);
      for (const id of strangers) await app.t.deps.presence.connected(id, `c-${id}`, 'Web');
      await app.t.deps.presence.connected(y.user.uid, 'c-y', 'Web');
      try {
        expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_DEFAULT' }))).toEqual([
          y.user.uid,
          x.user.uid,
        ]);
      } finally {
        for (const id of strangers) await app.t.deps.presence.disconnected(id, `c-${id}`);
        await app.t.deps.presence.disconnected(y.user.uid, 'c-y');
      }
      // And with few online: the same order.
      await app.t.deps.presence.connected(y.user.uid, 'c-y', 'Web');
      expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_DEFAULT' }))).toEqual([
        y.user.uid,
        x.user.uid,
      ]);
      await app.t.deps.presence.disconnected(y.user.uid, 'c-y');
    });

    it('shows a private list only to its owner and their friends', async () => {
      const owner = await member(app.t.app);
      const friend = await member(app.t.app);
      const stranger = await member(app.t.app);
      await friends(owner, friend);
      await owner.ok(api.buddy.setPrivate, { isPrivate: 'true' });
      expect(await stranger.ok(api.buddy.isPrivate, { userId: owner.user.uid })).toEqual([true]);
      const res = await stranger.call(api.buddy.getBuddies, { userId: owner.user.uid });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: `La lista de amigos de ${owner.user.name} es privada.`,
        ApiForbiddenException: {},
      });
      expect(ids(await friend.ok(api.buddy.getBuddies, { userId: owner.user.uid }))).toEqual([
        friend.user.uid,
      ]);
      expect(ids(await owner.ok(api.buddy.getBuddies))).toEqual([friend.user.uid]);
      await owner.ok(api.buddy.setPrivate, { isPrivate: false });
      expect(ids(await stranger.ok(api.buddy.getBuddies, { userId: owner.user.uid }))).toEqual([
        friend.user.uid,
      ]);
      // Positions are the owner's own business.
      expect(
        ((await stranger.ok(api.buddy.getBuddies, { userId: owner.user.uid })) as User[])[0].buddyPosition,
      ).toBeUndefined();
    });

    it('finds friends near me', async () => {
      const me = await member(app.t.app);
      const near = await member(app.t.app);
      const far = await member(app.t.app);
      await friends(me, near);
      await friends(me, far);
      await me.ok(api.people.updateProfile, { country: 'España', city: 'Sevilla' });
      await near.ok(api.people.updateProfile, { country: 'españa', city: 'sevilla' });
      await far.ok(api.people.updateProfile, { country: 'España', city: 'Bilbao' });
      expect(ids(await me.ok(api.buddy.getBuddiesNearMe))).toEqual([near.user.uid]);
    });
  });

  describe('churned friends and invites', () => {
    it('lists friends away longer than each threshold, minus dismissed and invited ones', async () => {
      const me = await member(app.t.app);
      const [week3, month2, active] = [
        await member(app.t.app),
        await member(app.t.app),
        await member(app.t.app),
      ];
      for (const f of [week3, month2, active]) await friends(me, f);
      const now = Date.now();
      await set(week3.user.uid, { last_access: now - 21 * DAY });
      await set(month2.user.uid, { last_access: now - 60 * DAY });
      expect(ids(await me.ok(api.buddy.getBuddiesChurned, { type: 1 }))).toEqual([
        week3.user.uid,
        month2.user.uid,
      ]);
      expect(ids(await me.ok(api.buddy.getBuddiesChurned, { type: 2 }))).toEqual([month2.user.uid]);
      expect(await me.ok(api.buddy.getBuddiesChurned, { type: 3 })).toEqual([]);
      await me.ok(api.buddy.dismissChurnedBuddy, { userId: week3.user.uid, type: 1 });
      expect(ids(await me.ok(api.buddy.getBuddiesChurned, { type: 1 }))).toEqual([month2.user.uid]);

      const [invite] = (await me.ok(api.buddy.createInvite, { recipientId: month2.user.uid, type: 1 })) as {
        id: number;
        accepted: boolean;
      }[];
      expect(invite).toMatchObject({
        accepted: false,
        senderId: me.user.uid,
        recipientId: month2.user.uid,
        type: 1,
      });
      expect(await me.ok(api.buddy.getBuddiesChurned, { type: 1 })).toEqual([]);
      expect(ids(await me.ok(api.buddy.getBuddiesChurned, { type: 1, showInvited: true }))).toEqual([
        month2.user.uid,
      ]);
      const activeInvite = await me.call(api.buddy.createInvite, { recipientId: active.user.uid, type: 1 });
      expect(activeInvite.status).toBe(400);
      expect((await active.call(api.buddy.acceptInvite, { inviteId: invite.id })).status).toBe(404);
      const [accepted] = (await month2.ok(api.buddy.acceptInvite, { inviteId: invite.id })) as object[];
      expect(accepted).toMatchObject({ accepted: true, rewarded_count: 1 });
      const [twice] = (await month2.ok(api.buddy.acceptInvite, { inviteId: invite.id })) as object[];
      expect(twice).toMatchObject({ accepted: true, rewarded_count: 1 });
    });

    it('turns a join link into a friendship when the newcomer accepts it', async () => {
      const me = await member(app.t.app);
      const [invite] = (await me.ok(api.buddy.createInvite, { type: 2 })) as { link: string; id: number }[];
      const code = new URL(invite.link).searchParams.get('invite')!;
      expect(invite.link).toContain('/html/signup.jsp?invite=');
      expect((await me.call(api.buddy.acceptInvite, { code })).status).toBe(400);
      const newcomer = await member(app.t.app);
      const [accepted] = (await newcomer.ok(api.buddy.acceptInvite, { code })) as object[];
      expect(accepted).toMatchObject({
        id: invite.id,
        accepted: true,
        recipientId: newcomer.user.uid,
        rewarded_count: 1,
      });
      expect(ids(await me.ok(api.buddy.getBuddies))).toEqual([newcomer.user.uid]);
      const late = await member(app.t.app);
      expect((await late.call(api.buddy.acceptInvite, { code })).status).toBe(404);
    });
  });

  describe('online notices', () => {
    it('tells online friends when a member comes online, never when invisible', async () => {
      const a = await member(app.t.app);
      const friend = await member(app.t.app);
      const stranger = await member(app.t.app);
      await friends(a, friend);
      const friendSocket = await openPush(app.baseUrl, { cookie: friend.cookieHeader });
      const strangerSocket = await openPush(app.baseUrl, { cookie: stranger.cookieHeader });
      await friendSocket.next();
      await strangerSocket.next();
      const first = await openPush(app.baseUrl, { cookie: a.cookieHeader });
      expect(await friendSocket.next()).toMatchObject({
        type: 'buddyOnline',
        user: { uid: a.user.uid, name: a.user.name },
      });
      // A second tab is not "coming online".
      const second = await openPush(app.baseUrl, { cookie: a.cookieHeader });
      await first.close();
      await second.close();
      await set(a.user.uid, { online_status: 1, star: 2 });
      const invisible = await openPush(app.baseUrl, { cookie: a.cookieHeader });
      await invisible.next();
      // A marker event proves nothing else was queued before it.
      await app.t.deps.hub.publish([friend.user.uid, stranger.user.uid], {
        type: 'streetWarsJournal',
        text: 'marca',
        url: '/',
      });
      expect((await friendSocket.next()).type).toBe('streetWarsJournal');
      expect((await strangerSocket.next()).type).toBe('streetWarsJournal');
      await Promise.all([invisible.close(), friendSocket.close(), strangerSocket.close()]);
    });
  });

  describe('after commit, and the graph', () => {
    it('stores a request while the bus is down and pushes it once the bus is back', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const socket = await openPush(app.baseUrl, { cookie: b.cookieHeader });
      await socket.next();
      const hub = app.t.deps.hub;
      const publish = hub.publish;
      let refused = 0;
      hub.publish = async () => {
        refused += 1;
        throw new Error('bus down');
      };
      let id: number;
      try {
        // Answered 200 although the push failed: the request is committed.
        id = await request(a, b, { message: 'Hola' });
        await app.t.deps.effects.settled();
        expect(refused).toBeGreaterThan(0);
        expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([1]);
      } finally {
        hub.publish = publish;
      }
      expect(await socket.next()).toMatchObject({
        type: 'offlineMessage',
        id,
        category: OfflineCategory.FRIEND_REQUEST,
        subject: 'Hola',
      });
      await socket.close();
    });

    it("hides from someone else's list the friends who blocked the viewer, not those the viewer blocked", async () => {
      const tag = `q${Date.now()}`;
      const [owner, viewer, blocker, blocked] = [
        await member(app.t.app),
        await member(app.t.app),
        await member(app.t.app, `${tag}_a`),
        await member(app.t.app, `${tag}_b`),
      ];
      await friends(owner, blocker);
      await friends(owner, blocked);
      await blocker.ok(api.people.blockUser, { userId: viewer.user.uid });
      await viewer.ok(api.people.blockUser, { userId: blocked.user.uid });
      expect(ids(await viewer.ok(api.buddy.getBuddies, { userId: owner.user.uid }))).toEqual([
        blocked.user.uid,
      ]);
      // The same on a filtered page (its statement is built apart from the prepared ones).
      expect(ids(await viewer.ok(api.buddy.searchFriends, { name: tag, userId: owner.user.uid }))).toEqual([
        blocked.user.uid,
      ]);
      expect(ids(await owner.ok(api.buddy.getBuddies)).sort()).toEqual(
        [blocker.user.uid, blocked.user.uid].sort(),
      );
    });

    it('counts and ranks online only the friends who appear online', async () => {
      const me = await member(app.t.app);
      const [x, y] = [await member(app.t.app, `a_${Date.now()}`), await member(app.t.app, `b_${Date.now()}`)];
      for (const f of [x, y]) await friends(me, f);
      await app.t.deps.presence.connected(y.user.uid, 'c-y', 'Web');
      try {
        expect(await me.ok(api.buddy.getNumberFriendsOnline)).toEqual([1]);
        expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_DEFAULT' }))).toEqual([
          y.user.uid,
          x.user.uid,
        ]);
        // Friends-only visibility still counts (the owner is a friend); nobody hides it.
        await set(y.user.uid, { online_visibility: OnlineVisibility.FRIENDS });
        expect(await me.ok(api.buddy.getNumberFriendsOnline)).toEqual([1]);
        await set(y.user.uid, { online_visibility: OnlineVisibility.NOBODY });
        expect(await me.ok(api.buddy.getNumberFriendsOnline)).toEqual([0]);
        expect(ids(await me.ok(api.buddy.getBuddiesSorted, { sort: 'ONLINE_DEFAULT' }))).toEqual([
          x.user.uid,
          y.user.uid,
        ]);
        await set(y.user.uid, {
          online_visibility: OnlineVisibility.EVERYONE,
          online_status: OnlineStatusCode.INVISIBLE,
          // Entitled to invisibility (policy/premium.ts).
          star: 2,
        });
        expect(await me.ok(api.buddy.getNumberFriendsOnline)).toEqual([0]);
      } finally {
        await app.t.deps.presence.disconnected(y.user.uid, 'c-y');
      }
    });

    it('stores a come-back invite with its offline message and pushes that message', async () => {
      const me = await member(app.t.app);
      const away = await member(app.t.app);
      await friends(me, away);
      const socket = await openPush(app.baseUrl, { cookie: away.cookieHeader });
      await socket.next();
      await set(away.user.uid, { last_access: Date.now() - 20 * DAY });
      const [invite] = (await me.ok(api.buddy.createInvite, { recipientId: away.user.uid, type: 1 })) as {
        id: number;
      }[];
      const pushed = await socket.next();
      expect(pushed).toMatchObject({
        type: 'offlineMessage',
        category: OfflineCategory.INVITE,
        sender: { uid: me.user.uid },
      });
      const message = await app.t.deps.db
        .selectFrom('offline_messages')
        .selectAll()
        .where('id', '=', pushed.id as number)
        .executeTakeFirstOrThrow();
      expect(message).toMatchObject({ recipient_id: away.user.uid, category: OfflineCategory.INVITE });
      expect(JSON.parse(message.extra!)).toEqual({ inviteId: invite.id });
      await socket.close();
    });
  });

  it('requires login', async () => {
    expect((await new Client(app.t.app).call(api.buddy.getBuddies)).status).toBe(401);
    expect(
      (await new Client(app.t.app).call(api.buddy.sendUserBuddyRequest, { receivingUserId: 1 })).status,
    ).toBe(401);
  });
});
