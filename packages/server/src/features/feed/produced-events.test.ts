import {
  api,
  type ChatRoom,
  type Comment,
  type FeedEvent,
  FeedEventType,
  OnlineStatusCode,
} from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend, feed, type Member, post } from '../../../tests/_social';
import { dialects, listeningApp, member, sameDatabaseApp } from '../../../tests/_util';
import { recordBirthdays, startBirthdayJob } from './log';

/** Events of one type (and author) in a feed answer. */
const ofType = (events: FeedEvent[], type: number, author?: Member) =>
  events.filter((e) => e.type === type && (!author || e.userId === author.user.uid));
const ALL = { filter: 1 };
const NEAR = { filter: 2 };
const FRIENDS = { filter: 3 };

describe.each(dialects)('feed events produced by their actions on $name', (dialect) => {
  const app = listeningApp(dialect);
  const someone = () => member(app.t.app);
  const block = (a: Member, b: Member) => a.ok(api.people.blockUser, { userId: b.user.uid });

  describe('birthday (3)', () => {
    // Test members are born on 15 June 1990; 00:30 server time on the day.
    const day = new Date(2026, 5, 15, 0, 30).getTime();

    it('is recorded once a year whatever the runs and instances, for friends only', async () => {
      const [ana, bea, eve, pest] = [await someone(), await someone(), await someone(), await someone()];
      await befriend(ana, bea);
      await befriend(ana, pest);
      await block(pest, ana);
      expect(ofType(await feed(bea, FRIENDS), FeedEventType.BIRTHDAY, ana)).toEqual([]);

      // A second instance on the same database, as after a restart or beside the first.
      const second = await sameDatabaseApp(app.t.config);
      try {
        await recordBirthdays(app.t.deps.db, day);
        await recordBirthdays(second.deps.db, day);
        if (dialect.url) {
          await Promise.all([recordBirthdays(app.t.deps.db, day), recordBirthdays(second.deps.db, day)]);
        }
        expect(await recordBirthdays(app.t.deps.db, day + 3_600_000)).toBe(0);
      } finally {
        await second.app.close();
      }
      const seen = ofType(await feed(bea, FRIENDS), FeedEventType.BIRTHDAY, ana);
      expect(seen).toHaveLength(1);
      expect(seen[0].user?.uid).toBe(ana.user.uid);
      expect(ofType(await feed(ana, FRIENDS), FeedEventType.BIRTHDAY, ana)).toHaveLength(1);
      // Not a friend: nowhere; blocked: not even as a former friend.
      expect(ofType(await feed(eve, ALL), FeedEventType.BIRTHDAY, ana)).toEqual([]);
      expect(ofType(await feed(eve, { filter: 4, userId: ana.user.uid }), FeedEventType.BIRTHDAY)).toEqual(
        [],
      );
      expect(ofType(await feed(pest, FRIENDS), FeedEventType.BIRTHDAY, ana)).toEqual([]);
      // Another day adds none for them; next year's birthday is a new one.
      await recordBirthdays(app.t.deps.db, new Date(2026, 5, 16, 0, 30).getTime());
      expect(ofType(await feed(bea, FRIENDS), FeedEventType.BIRTHDAY, ana)).toHaveLength(1);
      await recordBirthdays(app.t.deps.db, new Date(2027, 5, 15, 0, 30).getTime());
      expect(ofType(await feed(bea, FRIENDS), FeedEventType.BIRTHDAY, ana)).toHaveLength(2);
    });

    it('is recorded by the job an instance runs, for a member who joined that day too', async () => {
      const [cleo, dani] = [await someone(), await someone()];
      await befriend(cleo, dani);
      const errors: unknown[] = [];
      const stop = startBirthdayJob(app.t.deps.db, { error: (e) => errors.push(e) }, () =>
        new Date(2030, 5, 15, 9).getTime(),
      );
      try {
        await expect
          .poll(async () => ofType(await feed(dani, FRIENDS), FeedEventType.BIRTHDAY, cleo).length, {
            timeout: 8000,
          })
          .toBe(1);
      } finally {
        stop();
      }
      expect(errors).toEqual([]);
    });
  });

  describe('new members near me (4)', () => {
    it('shows a newcomer to members near them in the near-me filter only', async () => {
      const town = `Villa ${Math.random().toString(36).slice(2, 8)}`;
      const place = { country: 'España', city: town };
      const [near, far, pest] = [await someone(), await someone(), await someone()];
      await near.ok(api.people.updateProfile, place);
      await pest.ok(api.people.updateProfile, place);
      await far.ok(api.people.updateProfile, { country: 'Chile', city: 'Valdivia' });
      const newcomer = await someone();
      await newcomer.ok(api.people.updateProfile, place);
      await block(pest, newcomer);

      const shown = ofType(await feed(near, NEAR), FeedEventType.NEW_USERS_NEAR_ME, newcomer);
      expect(shown).toHaveLength(1);
      expect(shown[0].user?.name).toBe(newcomer.user.name);
      expect(ofType(await feed(near, ALL), FeedEventType.NEW_USERS_NEAR_ME, newcomer)).toEqual([]);
      expect(ofType(await feed(far, NEAR), FeedEventType.NEW_USERS_NEAR_ME, newcomer)).toEqual([]);
      expect(ofType(await feed(pest, NEAR), FeedEventType.NEW_USERS_NEAR_ME, newcomer)).toEqual([]);
      // Not news for themself, and not in anyone's friends feed or their profile.
      expect(ofType(await feed(newcomer, NEAR), FeedEventType.NEW_USERS_NEAR_ME, newcomer)).toEqual([]);
      expect(ofType(await feed(newcomer, FRIENDS), FeedEventType.NEW_USERS_NEAR_ME)).toEqual([]);
      await befriend(near, newcomer);
      expect(ofType(await feed(near, FRIENDS), FeedEventType.NEW_USERS_NEAR_ME)).toEqual([]);
    });
  });

  describe('relationship accepted (9)', () => {
    it('appears when the partner confirms, shows both, and goes when the relationship ends', async () => {
      const [ana, bea, eve] = [await someone(), await someone(), await someone()];
      await ana.ok(api.people.updateProfile, { relationshipPartnerId: bea.user.uid });
      // Only named so far: no event.
      expect(ofType(await feed(eve, ALL), FeedEventType.RELATIONSHIP_ACCEPTED, bea)).toEqual([]);
      await bea.ok(api.people.answerRelationship, { userId: ana.user.uid, accept: true });

      const [event] = ofType(await feed(eve, ALL), FeedEventType.RELATIONSHIP_ACCEPTED, bea);
      expect(event.properties?.target?.user?.uid).toBe(ana.user.uid);
      // Both partners have it in their own feed.
      expect(ofType(await feed(ana, FRIENDS), FeedEventType.RELATIONSHIP_ACCEPTED)).toHaveLength(1);
      expect(ofType(await feed(bea, FRIENDS), FeedEventType.RELATIONSHIP_ACCEPTED)).toHaveLength(1);
      // A block with either partner hides it.
      await block(eve, ana);
      expect(ofType(await feed(eve, ALL), FeedEventType.RELATIONSHIP_ACCEPTED, bea)).toEqual([]);
      await eve.ok(api.people.unblockUser, { userId: ana.user.uid });
      expect(ofType(await feed(eve, ALL), FeedEventType.RELATIONSHIP_ACCEPTED, bea)).toHaveLength(1);

      await ana.ok(api.people.updateProfile, { relationshipPartnerId: 0 });
      expect(ofType(await feed(eve, ALL), FeedEventType.RELATIONSHIP_ACCEPTED, bea)).toEqual([]);
      expect(ofType(await feed(bea, FRIENDS), FeedEventType.RELATIONSHIP_ACCEPTED)).toEqual([]);
    });

    it('appears when both name each other, and stays among friends when a profile is private', async () => {
      const [ana, bea, friend, eve] = [await someone(), await someone(), await someone(), await someone()];
      await befriend(ana, friend);
      await app.setUser(bea.user.uid, { buddies_private: 1 });
      await bea.ok(api.people.updateProfile, { relationshipPartnerId: ana.user.uid });
      await ana.ok(api.people.updateProfile, { relationshipPartnerId: bea.user.uid });
      expect(ofType(await feed(friend, FRIENDS), FeedEventType.RELATIONSHIP_ACCEPTED, ana)).toHaveLength(1);
      expect(ofType(await feed(eve, ALL), FeedEventType.RELATIONSHIP_ACCEPTED, ana)).toEqual([]);
    });
  });

  describe('likes (20 to 23)', () => {
    it('tells the liker’s friends, shows the liked status, and goes on unlike', async () => {
      const [author, liker, friend] = [await someone(), await someone(), await someone()];
      await befriend(liker, friend);
      const status = await post(author, 'Hoy hace sol');
      const like = { type: 1, itemId: status.id, authorUserId: author.user.uid };
      await liker.ok(api.user.like, like);
      await liker.ok(api.user.like, like);

      const events = ofType(await feed(friend, FRIENDS), FeedEventType.LIKE_STATUS, liker);
      expect(events).toHaveLength(1);
      expect(events[0].status?.status).toBe('Hoy hace sol');
      expect(events[0].properties?.target?.user?.uid).toBe(author.user.uid);
      // The card's like button likes the status itself.
      expect([events[0].likeType, events[0].likeItemId, events[0].likeCount]).toEqual([1, status.id, 1]);

      // The home feed's usual first page (kept rendered, page-cache.ts) follows the unlike too.
      const home = { filter: 3, limit: 10 };
      expect(ofType(await feed(friend, home), FeedEventType.LIKE_STATUS, liker)).toHaveLength(1);
      await liker.ok(api.user.unlike, like);
      expect(ofType(await feed(friend, home), FeedEventType.LIKE_STATUS, liker)).toEqual([]);
      expect(ofType(await feed(friend, FRIENDS), FeedEventType.LIKE_STATUS, liker)).toEqual([]);
      expect(ofType(await feed(liker, FRIENDS), FeedEventType.LIKE_STATUS, liker)).toEqual([]);
    });

    it('maps comments (22) and other events (23), and goes with the deleted status', async () => {
      const [author, liker, friend, other] = [
        await someone(),
        await someone(),
        await someone(),
        await someone(),
      ];
      await befriend(liker, friend);
      await befriend(author, other);
      const status = await post(author, 'Comentad');
      const [comment] = (await other.ok(api.album.composeComment, {
        postId: status.id,
        authorUserId: author.user.uid,
        message: 'Vale',
      })) as Comment[];
      await liker.ok(api.user.like, { type: 1, itemId: status.id, authorUserId: author.user.uid });
      await liker.ok(api.user.like, { type: 3, itemId: comment.uid, authorUserId: other.user.uid });
      const [friendship] = ofType(await feed(author, FRIENDS), FeedEventType.BUDDY_ACCEPTED);
      await liker.ok(api.user.like, { type: 5, itemId: friendship.id, authorUserId: friendship.userId });

      const types = (await feed(friend, FRIENDS))
        .filter((e) => e.userId === liker.user.uid)
        .map((e) => e.type);
      expect(types.sort()).toEqual([
        FeedEventType.LIKE_STATUS,
        FeedEventType.LIKE_COMMENT,
        FeedEventType.LIKE_EVENT,
      ]);

      await author.ok(api.feed.deleteEvent, {
        userId: author.user.uid,
        postId: status.id,
        type: FeedEventType.STATUS_UPDATE,
        eventTimestamp: status.timestamp,
      });
      const left = (await feed(friend, FRIENDS))
        .filter((e) => e.userId === liker.user.uid)
        .map((e) => e.type);
      expect(left).toEqual([FeedEventType.LIKE_EVENT]);
    });

    it('never shows a friends-only status to strangers, nor a blocked author’s status', async () => {
      const [author, liker, friend] = [await someone(), await someone(), await someone()];
      await befriend(author, liker);
      await befriend(liker, friend);
      const secret = await post(author, 'Solo amigos', { privacy: 2 });
      await liker.ok(api.user.like, { type: 1, itemId: secret.id, authorUserId: author.user.uid });
      expect(ofType(await feed(friend, FRIENDS), FeedEventType.LIKE_STATUS)).toEqual([]);
      expect(ofType(await feed(friend, ALL), FeedEventType.LIKE_STATUS)).toEqual([]);

      const open = await post(author, 'Para todos');
      await liker.ok(api.user.like, { type: 1, itemId: open.id, authorUserId: author.user.uid });
      expect(ofType(await feed(friend, FRIENDS), FeedEventType.LIKE_STATUS, liker)).toHaveLength(1);
      await block(friend, author);
      expect(ofType(await feed(friend, FRIENDS), FeedEventType.LIKE_STATUS, liker)).toEqual([]);
    });
  });

  describe('chatting now (201)', () => {
    const settled = () => (app.t.deps.feedLog as unknown as { settled: () => Promise<void> }).settled();
    const room = async (owner: Member, roomType: number) =>
      (
        (await owner.ok(api.chat.createRoom, {
          name: `Sala ${Math.random().toString(36).slice(2, 8)}`,
          roomType,
        })) as ChatRoom[]
      )[0];
    const say = async (who: Member, roomId: number, message: string) => {
      await who.ok(api.chat.enterRoom, { roomId });
      await who.ok(api.chat.sendMessage, { roomId, message });
    };

    it('tells friends once an hour that a member chats in a public room, not in a private one', async () => {
      const [talker, friend, pest, eve] = [
        await someone(),
        await someone(),
        await someone(),
        await someone(),
      ];
      await befriend(talker, friend);
      await befriend(talker, pest);
      await block(pest, talker);
      const open = await room(talker, 2);
      const hidden = await room(talker, 3);
      await say(talker, open.id, 'hola');
      await say(talker, open.id, 'otra vez');
      await say(talker, hidden.id, 'secreto');
      await settled();

      const events = ofType(await feed(friend, FRIENDS), FeedEventType.REALTIME_CHAT, talker);
      expect(events).toHaveLength(1);
      expect(events[0].properties?.room).toEqual({ id: open.id, name: open.displayName ?? open.name });
      expect(ofType(await feed(pest, FRIENDS), FeedEventType.REALTIME_CHAT, talker)).toEqual([]);
      expect(ofType(await feed(eve, ALL), FeedEventType.REALTIME_CHAT, talker)).toEqual([]);
    });

    it('says nothing of a member who hides being online', async () => {
      const [talker, friend] = [await someone(), await someone()];
      await befriend(talker, friend);
      await app.setUser(talker.user.uid, { online_status: OnlineStatusCode.INVISIBLE, star: 2 });
      const open = await room(talker, 2);
      await say(talker, open.id, 'hola');
      await settled();
      expect(ofType(await feed(friend, FRIENDS), FeedEventType.REALTIME_CHAT, talker)).toEqual([]);
    });
  });
});
