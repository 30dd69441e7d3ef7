import { api, type Comment, type FeedEvent, type Like, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, feed, type Member, post } from '../../../tests/_social';
import { dialects, member, testApp } from '../../../tests/_util';
import { listen, openPush } from '../../../tests/flows/_push';

describe.each(dialects)('likes and comments on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());

  const count = async (m: Member, item: Record<string, number>) =>
    ((await m.ok(api.profile.getItemLikeCount, item)) as number[])[0];

  describe('likes', () => {
    it('likes once however often, counts, lists, notifies the author, and unlikes', async () => {
      const author = await member(t.app);
      const fan = await member(t.app);
      const status = await post(author, 'Me gusta el café');
      const item = { type: 1, itemId: status.id, authorUserId: author.user.uid };
      const socket = await openPush(baseUrl, { cookie: author.cookieHeader });
      await socket.next();
      expect(await fan.ok(api.user.like, { ...item, content: 'Me gusta el café' })).toEqual([1]);
      expect(await fan.ok(api.user.like, item)).toEqual([1]);
      expect(await count(fan, item)).toBe(1);
      expect(await fan.ok(api.user.doesUserLike, item)).toEqual([true]);
      expect(await author.ok(api.user.doesUserLike, item)).toEqual([false]);
      expect(await socket.next()).toMatchObject({
        type: 'notification',
        kind: 'like',
        text: `A ${fan.user.name} le gusta tu publicación.`,
        url: `/feed?status=${status.id}&u=${author.user.uid}`,
        unreadCount: 1,
      });
      const likers = (await author.ok(api.user.getItemLikes, item)) as User[];
      expect(likers.map((u) => u.uid)).toEqual([fan.user.uid]);
      const [like] = (await fan.ok(api.user.getUserLikes, { type: 1 })) as Like[];
      expect(like).toMatchObject({
        type: 1,
        itemId: status.id,
        authorUserId: author.user.uid,
        content: 'Me gusta el café',
      });
      const [event] = await feed(fan, { filter: 4, userId: author.user.uid });
      expect(event).toMatchObject({ likeCount: 1, liked: true, likes: [{ uid: fan.user.uid }] });
      // Self-likes count but notify nobody.
      expect(await author.ok(api.user.like, item)).toEqual([2]);
      expect(await fan.ok(api.user.unlike, item)).toEqual([1]);
      expect(await fan.ok(api.user.unlike, item)).toEqual([1]);
      expect(await fan.ok(api.user.doesUserLike, item)).toEqual([false]);
      expect(await fan.ok(api.user.getUserLikes)).toEqual([]);
      expect(await author.ok(api.user.getUnreadNotificationCount)).toEqual([1]);
      await socket.close();
    });

    it('unlike checks the viewer may see the item, as like does: 404 and nothing changes', async () => {
      const author = await member(t.app);
      const fan = await member(t.app);
      const stranger = await member(t.app);
      const status = await post(author, 'Solo amigos', { privacy: 2 });
      const hidden = { type: 1, itemId: status.id, authorUserId: author.user.uid };
      expect((await stranger.call(api.user.unlike, hidden)).status).toBe(404);
      const open = await post(author, 'Para todos');
      const item = { type: 1, itemId: open.id, authorUserId: author.user.uid };
      expect(await fan.ok(api.user.like, item)).toEqual([1]);
      // Once blocked, the fan can neither like nor unlike (nor learn the count).
      await author.ok(api.people.blockUser, { userId: fan.user.uid });
      const res = await fan.call(api.user.unlike, item);
      expect(res.status).toBe(404);
      expect(await count(author, item)).toBe(1);
      // A wrong author names no item.
      expect((await stranger.call(api.user.unlike, { ...item, authorUserId: fan.user.uid })).status).toBe(
        404,
      );
    });

    it('liking again with another reaction changes it without counting twice; only the reader sees theirs', async () => {
      const author = await member(t.app);
      const fan = await member(t.app);
      const other = await member(t.app);
      await befriend(author, fan);
      await befriend(author, other);
      const status = await post(author, 'Hoy cocino paella');
      const item = { type: 1, itemId: status.id, authorUserId: author.user.uid };
      const mine = async (m: Member) => (await feed(m, { filter: 4, userId: author.user.uid }))[0];

      expect(await fan.ok(api.user.like, { ...item, content: '😂' })).toEqual([1]);
      expect(await mine(fan)).toMatchObject({ liked: true, reaction: '😂', likeCount: 1 });
      // The friends feed is cached per reader: a new reaction shows there at once too.
      const inFriends = async () =>
        (await feed(fan, { filter: 3, limit: 10 })).find((e) => e.likeItemId === status.id);
      expect(await inFriends()).toMatchObject({ liked: true, reaction: '😂' });

      expect(await fan.ok(api.user.like, { ...item, content: '😮' })).toEqual([1]);
      expect(await count(author, item)).toBe(1);
      expect(await mine(fan)).toMatchObject({ liked: true, reaction: '😮', likeCount: 1 });
      expect(await inFriends()).toMatchObject({ liked: true, reaction: '😮', likeCount: 1 });
      const [like] = (await fan.ok(api.user.getUserLikes, { type: 1 })) as Like[];
      expect(like.content).toBe('😮');
      // Liking again without content keeps the reaction; one notification for the one like.
      expect(await fan.ok(api.user.like, item)).toEqual([1]);
      expect((await mine(fan)).reaction).toBe('😮');
      const notes = (await author.ok(api.user.getNotifications, { limit: 100 })) as { kind: string }[];
      expect(notes.filter((n) => n.kind === 'like')).toHaveLength(1);

      // Another reader sees the count, not the fan's reaction; the author neither.
      const seenByOther = await mine(other);
      expect(seenByOther).toMatchObject({ liked: false, likeCount: 1 });
      expect(seenByOther.reaction).toBeUndefined();
      expect(await other.ok(api.user.like, item)).toEqual([2]);
      expect((await mine(other)).reaction).toBeUndefined();
      expect((await mine(author)).reaction).toBeUndefined();
      expect((await mine(fan)).reaction).toBe('😮');

      // Unliking drops the reaction; liking plainly afterwards has none.
      expect(await fan.ok(api.user.unlike, item)).toEqual([1]);
      expect(await mine(fan)).toMatchObject({ liked: false, likeCount: 1 });
      expect((await mine(fan)).reaction).toBeUndefined();
      expect(await fan.ok(api.user.like, item)).toEqual([2]);
      expect((await mine(fan)).reaction).toBeUndefined();
    });

    it('counts parallel likes right: many members once each, one member many times once', async () => {
      const author = await member(t.app);
      const status = await post(author, 'Popular');
      const item = { type: 1, itemId: status.id, authorUserId: author.user.uid };
      const fans = await Promise.all(Array.from({ length: 12 }, () => member(t.app)));
      await Promise.all(fans.flatMap((f) => [f.call(api.user.like, item), f.call(api.user.like, item)]));
      expect(await count(author, item)).toBe(12);
      await Promise.all(Array.from({ length: 8 }, () => fans[0].call(api.user.like, item)));
      await Promise.all(fans.slice(0, 6).map((f) => f.call(api.user.unlike, item)));
      expect(await count(author, item)).toBe(6);
      const rows = await t.deps.db
        .selectFrom('likes')
        .select('user_id')
        .where('item_type', '=', 1)
        .where('item_id', '=', status.id)
        .execute();
      expect(rows).toHaveLength(6);
      // One notification per member who liked, never two for the same like.
      const notes = (await author.ok(api.user.getNotifications, { limit: 100 })) as { kind: string }[];
      expect(notes.filter((n) => n.kind === 'like')).toHaveLength(12);
    });

    it('likes comments and feed events too; not what the member may not see; not stories yet', async () => {
      const author = await member(t.app);
      const friend = await member(t.app);
      const stranger = await member(t.app);
      await befriend(author, friend);
      const secret = await post(author, 'Solo amigos', { privacy: 2 });
      const hidden = { type: 1, itemId: secret.id, authorUserId: author.user.uid };
      expect(await friend.ok(api.user.like, hidden)).toEqual([1]);
      const denied = await stranger.call(api.user.like, hidden);
      expect(denied.status).toBe(404);
      expect(denied.body.message).toBe('Esta publicación no existe o no está disponible.');
      expect((await stranger.call(api.profile.getItemLikeCount, hidden)).status).toBe(404);
      expect((await stranger.call(api.user.getItemLikes, hidden)).status).toBe(404);
      // Wrong author: not found either.
      expect((await friend.call(api.user.like, { ...hidden, authorUserId: friend.user.uid })).status).toBe(
        404,
      );
      expect(
        (await friend.call(api.user.like, { type: 4, itemId: 1, authorUserId: author.user.uid })).status,
      ).toBe(404);
      const bad = await friend.call(api.user.like, {
        type: 9,
        itemId: secret.id,
        authorUserId: author.user.uid,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.ApiValidationException).toEqual({ field: 'type' });

      const [comment] = (await friend.ok(api.album.composeComment, {
        postId: secret.id,
        authorUserId: author.user.uid,
        message: 'Qué bien',
      })) as Comment[];
      const onComment = { type: 3, itemId: comment.uid, authorUserId: friend.user.uid };
      expect(await author.ok(api.user.like, onComment)).toEqual([1]);
      expect((await stranger.call(api.user.like, onComment)).status).toBe(404);
      const accepted = (await feed(author, { filter: 3 })).find((e) => e.type === 8)!;
      expect(accepted.likeType).toBe(5);
      const onEvent = { type: 5, itemId: accepted.likeItemId!, authorUserId: accepted.userId! };
      expect(await friend.ok(api.user.like, onEvent)).toEqual([1]);
      const [again] = (await feed(author, { filter: 3 })).filter((e) => e.id === accepted.id);
      expect(again).toMatchObject({ likeCount: 1 });
      const [withComment] = (await feed(author, { filter: 4 })).filter((e) => e.postId === secret.id);
      expect(withComment.comments?.[0]).toMatchObject({ uid: comment.uid, likeCount: 1, liked: true });
    });
  });

  describe('comments', () => {
    it('a comment lists its likers like a status does; blocks either way hide a liker', async () => {
      const author = await member(t.app);
      const writer = await member(t.app);
      const fan = await member(t.app);
      const status = await post(author, 'Comentad');
      const on = { postId: status.id, authorUserId: author.user.uid };
      const [comment] = (await writer.ok(api.album.composeComment, { ...on, message: 'Hola' })) as Comment[];
      const listed = async (who: Member) =>
        ((await who.ok(api.album.getPostComments, on)) as Comment[]).find((c) => c.uid === comment.uid)!;
      expect(await listed(author)).toMatchObject({ likeCount: 0, likes: [] });
      await fan.ok(api.user.like, { type: 3, itemId: comment.uid, authorUserId: writer.user.uid });
      const seen = await listed(author);
      expect(seen.likeCount).toBe(1);
      expect(seen.likes?.map((u) => u.uid)).toEqual([fan.user.uid]);
      // The feed's comments carry the same likers.
      const [event] = (await feed(author, { filter: 4, userId: author.user.uid })).filter(
        (e) => e.postId === status.id,
      );
      expect(event.comments?.[0].likes?.map((u) => u.uid)).toEqual([fan.user.uid]);
      await author.ok(api.people.blockUser, { userId: fan.user.uid });
      expect((await listed(author)).likes).toEqual([]);
    });

    it('comments, lists oldest first, counts, notifies; deleted by its writer or the post’s author only', async () => {
      const author = await member(t.app);
      const a = await member(t.app);
      const b = await member(t.app);
      const status = await post(author, 'Opinad');
      const on = { postId: status.id, authorUserId: author.user.uid };
      const [first] = (await a.ok(api.album.composeComment, { ...on, message: ' Primero ' })) as Comment[];
      expect(first).toMatchObject({
        message: 'Primero',
        author: { uid: a.user.uid },
        deletable: true,
        likeCount: 0,
      });
      const [second] = (await b.ok(api.album.composeComment, { ...on, message: 'Segundo' })) as Comment[];
      await a.ok(api.album.composeComment, { ...on, isPhoto: false, message: 'Tercero' });
      await b.ok(api.album.composeComment, { ...on, message: 'Cuarto' });
      const list = (await author.ok(api.album.getPostComments, on)) as Comment[];
      expect(list.map((c) => c.message)).toEqual(['Primero', 'Segundo', 'Tercero', 'Cuarto']);
      expect(list.every((c) => c.deletable)).toBe(true);
      const page2 = (await author.ok(api.album.getPostComments, { ...on, limit: 3, page: 2 })) as Comment[];
      expect(page2.map((c) => c.message)).toEqual(['Cuarto']);
      const [event] = await feed(author, { filter: 4 });
      expect(event.commentCount).toBe(4);
      expect(event.status?.commentCount).toBe(4);
      expect(event.comments?.map((c) => c.message)).toEqual(['Segundo', 'Tercero', 'Cuarto']);

      const notes = (await author.ok(api.user.getNotifications)) as { kind: string; actor: User }[];
      expect(notes.filter((n) => n.kind === 'comment').map((n) => n.actor.uid)).toEqual([
        b.user.uid,
        a.user.uid,
        b.user.uid,
        a.user.uid,
      ]);

      const denied = await a.call(api.album.deleteComment, { ...on, commentId: second.uid });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(
        'Solo quien escribió el comentario o el autor de la publicación pueden borrarlo.',
      );
      expect(await b.ok(api.album.deleteComment, { ...on, commentId: second.uid })).toEqual([true]);
      expect(await author.ok(api.album.deleteComment, { ...on, commentId: first.uid })).toEqual([true]);
      expect((await author.call(api.album.deleteComment, { ...on, commentId: first.uid })).status).toBe(404);
      const left = (await a.ok(api.album.getPostComments, on)) as Comment[];
      expect(left.map((c) => c.message)).toEqual(['Tercero', 'Cuarto']);
      expect(left.map((c) => c.deletable)).toEqual([true, false]);
      expect((await feed(author, { filter: 4 }))[0].commentCount).toBe(2);
    });

    it('refuses the unseen, the blocked and bad input; nothing stored', async () => {
      const author = await member(t.app);
      const stranger = await member(t.app);
      const status = await post(author, 'Solo amigos', { privacy: 2 });
      const on = { postId: status.id, authorUserId: author.user.uid };
      expect((await stranger.call(api.album.composeComment, { ...on, message: 'Hola' })).status).toBe(404);
      expect((await stranger.call(api.album.getPostComments, on)).status).toBe(404);
      const open = await post(author, 'Público');
      const onOpen = { postId: open.id, authorUserId: author.user.uid };
      await author.ok(api.people.blockUser, { userId: stranger.user.uid });
      expect((await stranger.call(api.album.composeComment, { ...onOpen, message: 'Hola' })).status).toBe(
        404,
      );
      const empty = await author.call(api.album.composeComment, { ...onOpen, message: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.ApiValidationException).toEqual({ field: 'message' });
      const spaces = await author.call(api.album.composeComment, { ...onOpen, message: '   ' });
      expect(spaces.body.ApiValidationException).toEqual({ field: 'message' });
      const long = await author.call(api.album.composeComment, { ...onOpen, message: 'x'.repeat(1001) });
      expect(long.body.ApiValidationException).toEqual({ field: 'message' });
      const photo = await author.call(api.album.composeComment, {
        ...onOpen,
        isPhoto: true,
        message: 'Hola',
      });
      expect(photo.status).toBe(404);
      const rows = await t.deps.db
        .selectFrom('comments')
        .select('id')
        .where('post_author_id', '=', author.user.uid)
        .execute();
      expect(rows).toEqual([]);
    });

    it('hides comments of blocked members from the reader', async () => {
      const author = await member(t.app);
      const rude = await member(t.app);
      const reader = await member(t.app);
      const status = await post(author, 'Debate');
      const on = { postId: status.id, authorUserId: author.user.uid };
      await rude.ok(api.album.composeComment, { ...on, message: 'Grosería' });
      await reader.ok(api.people.blockUser, { userId: rude.user.uid });
      expect(await reader.ok(api.album.getPostComments, on)).toEqual([]);
      const [event] = (await reader.ok(api.feed.getEvents, {
        filter: 4,
        userId: author.user.uid,
      })) as FeedEvent[];
      expect(event.comments).toEqual([]);
      expect(((await author.ok(api.album.getPostComments, on)) as Comment[]).map((c) => c.message)).toEqual([
        'Grosería',
      ]);
    });
  });
});
