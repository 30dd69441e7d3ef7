import { api, type GuestbookEntry, type Notification, type Photo } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend, feed, type Member, post } from '../../../tests/_social';
import { dialects, listeningApp, member } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';
import { checkerboard, uploadPhoto } from '../../media/test-support';

describe.each(dialects)('guestbook and notifications on $name', (dialect) => {
  const app = listeningApp(dialect);

  const set = (m: Member, values: Record<string, unknown>) =>
    app.t.deps.db.updateTable('users').set(values).where('id', '=', m.user.uid).execute();

  describe('user/postGuestbookComment.do', () => {
    it('writes on a profile: entry back, event 14 in the owner’s feed, a notification', async () => {
      const owner = await member(app.t.app);
      const guest = await member(app.t.app);
      const socket = await openPush(app.baseUrl, { cookie: owner.cookieHeader });
      await socket.next();
      const [entry] = (await guest.ok(api.user.postGuestbookComment, {
        profileId: owner.user.uid,
        message: ' ¡Qué perfil tan bonito! ',
      })) as GuestbookEntry[];
      expect(entry).toMatchObject({
        profileId: owner.user.uid,
        message: '¡Qué perfil tan bonito!',
        author: { uid: guest.user.uid },
      });
      expect(await socket.next()).toMatchObject({
        type: 'notification',
        kind: 'guestbook',
        text: `${guest.user.name} ha escrito en tu libro de visitas.`,
        url: `/html/profile-view.jsp?user=${owner.user.uid}#guestbook`,
      });
      // Not friends, yet it is in the owner's friends feed: it is addressed to them.
      const [event] = await feed(owner, { filter: 3 });
      expect(event).toMatchObject({
        type: 14,
        userId: guest.user.uid,
        postId: entry.id,
        guestbookEntry: { id: entry.id, message: '¡Qué perfil tan bonito!' },
        properties: { source: { user: { uid: guest.user.uid } }, target: { user: { uid: owner.user.uid } } },
      });
      const book = (await guest.ok(api.user.getGuestbookComments, {
        profileId: owner.user.uid,
      })) as GuestbookEntry[];
      expect(book.map((e) => e.id)).toEqual([entry.id]);
      // Its author may delete the event, and the entry goes with it.
      await guest.ok(api.feed.deleteEvent, {
        userId: guest.user.uid,
        postId: entry.id,
        type: 14,
        eventTimestamp: event.creationTime,
      });
      expect(await owner.ok(api.user.getGuestbookComments, { profileId: owner.user.uid })).toEqual([]);
      await socket.close();
    });

    it('respects blocks, private profiles and bad input; nothing stored', async () => {
      const owner = await member(app.t.app);
      const guest = await member(app.t.app);
      const self = await owner.call(api.user.postGuestbookComment, {
        profileId: owner.user.uid,
        message: 'Yo',
      });
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({
        message: 'No puedes escribir en tu propio libro de visitas.',
        ApiValidationException: { field: 'profileId' },
      });
      const empty = await guest.call(api.user.postGuestbookComment, {
        profileId: owner.user.uid,
        message: '',
      });
      expect(empty.body.ApiValidationException).toEqual({ field: 'message' });
      const noProfile = await guest.call(api.user.postGuestbookComment, { message: 'Hola' });
      expect(noProfile.body.ApiValidationException).toEqual({ field: 'profileId' });

      await set(owner, { buddies_private: 1 });
      const priv = await guest.call(api.user.postGuestbookComment, {
        profileId: owner.user.uid,
        message: 'Hola',
      });
      expect(priv.status).toBe(403);
      expect(priv.body.message).toBe(
        `El perfil de ${owner.user.name} es privado: solo sus amigos pueden escribir en su libro de visitas.`,
      );
      expect((await guest.call(api.user.getGuestbookComments, { profileId: owner.user.uid })).status).toBe(
        403,
      );
      await befriend(owner, guest);
      expect(
        (await guest.call(api.user.postGuestbookComment, { profileId: owner.user.uid, message: 'Amiga' }))
          .status,
      ).toBe(200);

      await owner.ok(api.people.blockUser, { userId: guest.user.uid });
      const blocked = await guest.call(api.user.postGuestbookComment, {
        profileId: owner.user.uid,
        message: 'Hola',
      });
      expect(blocked.status).toBe(404);
      const blocker = await owner.call(api.user.postGuestbookComment, {
        profileId: guest.user.uid,
        message: 'Hola',
      });
      expect(blocker.status).toBe(403);
      expect(blocker.body.message).toBe('Has bloqueado a este miembro. Desbloquéalo para escribirle.');
      const rows = await app.t.deps.db
        .selectFrom('guestbook_entries')
        .select('message')
        .where('profile_id', 'in', [owner.user.uid, guest.user.uid])
        .execute();
      expect(rows.map((r) => r.message)).toEqual(['Amiga']);
    });
  });

  describe('guestbook events and blocks', () => {
    it('hides event 14 when the reader and the profile owner blocked each other, whoever wrote it', async () => {
      const owner = await member(app.t.app);
      const guest = await member(app.t.app);
      const reader = await member(app.t.app);
      // The reader is the writer's friend: the entry reaches their friends feed and the site feed.
      await befriend(guest, reader);
      await guest.ok(api.user.postGuestbookComment, { profileId: owner.user.uid, message: 'Hola, dueña' });
      const shows = async () => {
        const views = [
          await feed(reader, { filter: 1 }),
          await feed(reader, { filter: 3 }),
          await feed(reader, { filter: 4, userId: guest.user.uid }),
        ];
        return views.map((events) => events.some((e) => e.type === 14 && e.userId === guest.user.uid));
      };
      expect(await shows()).toEqual([true, true, true]);
      const [event] = (await feed(reader, { filter: 4, userId: guest.user.uid })).filter(
        (e) => e.type === 14,
      );
      const item = { type: event.likeType!, itemId: event.likeItemId!, authorUserId: guest.user.uid };
      expect(await reader.ok(api.user.like, item)).toEqual([1]);

      // Either side of the block hides it, and its likes are out of reach as for any hidden item.
      for (const [blocker, blocked] of [
        [reader, owner],
        [owner, reader],
      ] as const) {
        await blocker.ok(api.people.blockUser, { userId: blocked.user.uid });
        expect(await shows()).toEqual([false, false, false]);
        expect((await reader.call(api.user.like, item)).status).toBe(404);
        expect((await reader.call(api.user.unlike, item)).status).toBe(404);
        expect((await reader.call(api.profile.getItemLikeCount, item)).status).toBe(404);
        await blocker.ok(api.people.unblockUser, { userId: blocked.user.uid });
        expect(await shows()).toEqual([true, true, true]);
      }
      // The owner and the writer still see it.
      expect((await feed(owner, { filter: 3 })).some((e) => e.type === 14)).toBe(true);
      expect((await feed(guest, { filter: 4 })).some((e) => e.type === 14)).toBe(true);
    });
  });

  describe('notifications', () => {
    it('lists likes, comments, guestbook entries and accepted friendships; counts unread; marks read', async () => {
      const me = await member(app.t.app);
      const other = await member(app.t.app);
      const [requestId] = (await me.ok(api.buddy.sendUserBuddyRequest, {
        receivingUserId: other.user.uid,
      })) as number[];
      await other.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: requestId });
      const status = await post(me, 'Hola');
      await other.ok(api.user.like, { type: 1, itemId: status.id, authorUserId: me.user.uid });
      await other.ok(api.album.composeComment, {
        postId: status.id,
        authorUserId: me.user.uid,
        message: 'Hola tú',
      });
      await other.ok(api.user.postGuestbookComment, { profileId: me.user.uid, message: 'Pasaba por aquí' });
      const list = (await me.ok(api.user.getNotifications)) as Notification[];
      expect(list.map((n) => [n.kind, n.read, n.actor?.uid])).toEqual([
        ['guestbook', false, other.user.uid],
        ['comment', false, other.user.uid],
        ['like', false, other.user.uid],
        ['buddyAccepted', false, other.user.uid],
      ]);
      expect(list[3].text).toBe(`${other.user.name} ha aceptado tu solicitud de amistad.`);
      expect(list[2]).toMatchObject({ itemType: 1, itemId: status.id });
      expect(await me.ok(api.user.getUnreadNotificationCount)).toEqual([4]);
      expect(await me.ok(api.feed.getFeedSettings)).toMatchObject([{ unreadNotifications: 4 }]);
      expect(await me.ok(api.user.markNotificationsRead, { ids: [list[0].id, list[1].id] })).toEqual([2]);
      expect(
        ((await me.ok(api.user.getNotifications, { unreadOnly: true })) as Notification[]).map((n) => n.kind),
      ).toEqual(['like', 'buddyAccepted']);
      // Someone else's ids change nothing.
      expect(await other.ok(api.user.markNotificationsRead, { ids: [list[2].id] })).toEqual([0]);
      expect(await me.ok(api.user.getUnreadNotificationCount)).toEqual([2]);
      expect(await me.ok(api.user.markNotificationsRead)).toEqual([0]);
      const bad = await me.call(api.user.markNotificationsRead, { ids: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.ApiValidationException).toEqual({ field: 'ids' });
      // In English for an English reader.
      await set(me, { locale: 'en' });
      const [latest] = (await me.ok(api.user.getNotifications)) as Notification[];
      expect(latest.text).toBe(`${other.user.name} wrote in your guestbook.`);
    });
  });

  describe('profile photo', () => {
    it('setting a profile picture records event 6 with the photo', async () => {
      const a = await member(app.t.app);
      const jpeg = await checkerboard(64, 64).jpeg().toBuffer();
      const res = await uploadPhoto(
        a,
        { data: jpeg, type: 'image/jpeg', name: 'yo.jpg' },
        { setProfilePic: true },
      );
      expect(res.status).toBe(200);
      const [photo] = res.body.Photo as Photo[];
      const [event] = await feed(a, { filter: 4 });
      expect(event).toMatchObject({
        type: 6,
        postId: photo.uid,
        likeType: 2,
        likeItemId: photo.uid,
        photo: { uid: photo.uid },
      });
      const b = await member(app.t.app);
      await b.ok(api.user.like, { type: 2, itemId: photo.uid, authorUserId: a.user.uid });
      expect((await feed(a, { filter: 4 }))[0]).toMatchObject({ likeCount: 1 });
      // Photos take comments too (isPhoto), counted on the same event.
      const on = { isPhoto: true, postId: photo.uid, authorUserId: a.user.uid };
      await b.ok(api.album.composeComment, { ...on, message: '¡Qué foto!' });
      expect(
        ((await a.ok(api.album.getPostComments, on)) as { message: string }[]).map((c) => c.message),
      ).toEqual(['¡Qué foto!']);
      expect((await feed(a, { filter: 4 }))[0]).toMatchObject({ commentCount: 1, commentable: true });
      expect(
        (await b.call(api.album.composeComment, { ...on, postId: photo.uid + 999, message: 'x' })).status,
      ).toBe(404);
    });
  });
});
