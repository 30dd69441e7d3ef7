import { FeedEventType, PhotoPrivacy, RoomType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { BadgeEarned, FeedLog } from '../../deps';
import { dropFeedEventByKey, recordFeedEventOnce } from './events';
import { eventStore } from './events-store';

const HOUR_MS = 3_600_000;
/** Members read per query by the birthday job. */
const BIRTHDAY_PAGE = 500;
/** In-memory "already told this hour" marks kept before the map is cleared (bounded memory). */
const CHATTING_MARKS = 50_000;

type Log = { error: (obj: unknown, msg: string) => void };

/**
 * Keys of the feed's own events recorded at most once (the unique index on
 * feed_events.event_key). Sign-up (`joined:<id>`) and relationships name theirs where they record
 * them: see docs/feed-events.md for the full list.
 */
export const feedKeys = {
  birthday: (userId: number, year: number) => `birthday:${userId}:${year}`,
  chatting: (userId: number, roomId: number, hour: number) => `chat:${userId}:${roomId}:${hour}`,
  like: (type: number, itemId: number, userId: number) => `like:${type}:${itemId}:${userId}`,
  badge: (b: BadgeEarned) =>
    b.kind === 'verified' ? `badge:verified:${b.userId}` : `badge:contest:${b.contestId}:${b.userId}`,
};

/** A badge (5): public news, like the mark itself; properties say which badge it is. */
function recordBadge(trx: Kysely<Database>, b: BadgeEarned) {
  const properties: Record<string, unknown> = { 'source.user': b.userId, 'badge.kind': b.kind };
  if (b.kind === 'contest') {
    properties['badge.contestId'] = b.contestId;
    properties['badge.name'] = b.name;
    properties['badge.place'] = b.place;
  }
  return recordFeedEventOnce(trx, {
    type: FeedEventType.BADGE,
    userId: b.userId,
    key: feedKeys.badge(b),
    properties,
    now: b.now,
  });
}

/** Rooms anyone may enter: a member chatting in one is news for their friends. */
const PUBLIC_ROOMS = new Set<number>([RoomType.PUBLIC, RoomType.USER_PUBLIC]);

/**
 * Birthday events of the day `now` falls on in the server's time zone (members store no time
 * zone; see docs/feed-events.md). One per member and year whatever the number of runs and instances:
 * the key makes the second insert a no-op. Born on 29 February: celebrated on the 28th in other
 * years. Answers how many events this run added.
 */
export async function recordBirthdays(db: Kysely<Database>, now: number, afterId = 0): Promise<number> {
  const today = new Date(now);
  const year = today.getFullYear();
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  const dd = String(today.getDate()).padStart(2, '0');
  const days = [`${mm}-${dd}`];
  const leap = new Date(year, 1, 29).getMonth() === 1;
  if (mm === '02' && dd === '28' && !leap) days.push('02-29');
  let added = 0;
  let after = afterId;
  for (;;) {
    const members = await eventStore(db).birthdays(days, after, BIRTHDAY_PAGE);
    for (const member of members) {
      const id = await db.transaction().execute((trx) =>
        recordFeedEventOnce(trx, {
          type: FeedEventType.BIRTHDAY,
          userId: member.id,
          key: feedKeys.birthday(member.id, year),
          properties: { 'source.user': member.id },
          // A birthday tells the age: for friends only.
          privacy: PhotoPrivacy.FRIENDS,
          now,
        }),
      );
      if (id !== undefined) added++;
    }
    if (members.length < BIRTHDAY_PAGE) return added;
    after = members[members.length - 1].id;
  }
}

/**
 * Runs recordBirthdays every hour in each instance, so the day's events appear within the hour
 * after local midnight, after a restart too. All members are scanned once per date per instance;
 * later runs of the same date look only at members who joined since (an id range), so one who
 * signs up on their birthday still gets it.
 */
export function startBirthdayJob(db: Kysely<Database>, log: Log, clock: () => number = Date.now): () => void {
  let done = { date: '', upTo: 0 };
  const run = () => {
    const now = clock();
    const date = new Date(now).toDateString();
    const from = date === done.date ? done.upTo : 0;
    eventStore(db)
      .lastMemberId()
      .then(async (upTo) => {
        await recordBirthdays(db, now, from);
        done = { date, upTo };
      })
      .catch((error) => log.error({ err: error }, 'birthday events failed'));
  };
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * The feed port other features use (deps.feedLog). `chatting` never adds to a chat line's
 * latency: an in-memory mark skips repeats within the hour at no cost, and the event is written
 * after the answer, its key making it once per member, room and hour across instances.
 */
export function feedLog(db: Kysely<Database>, log: Log): FeedLog & { settled: () => Promise<void> } {
  const told = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  return {
    recordOnce: (trx, event) => recordFeedEventOnce(trx, event),
    dropByKey: (trx, key) => dropFeedEventByKey(trx, key),
    badge: (trx, badge) => recordBadge(trx, badge),
    chatting(userId, room) {
      if (!PUBLIC_ROOMS.has(room.type)) return;
      const now = Date.now();
      const hour = Math.floor(now / HOUR_MS);
      const mark = `${userId}:${room.id}`;
      if (told.get(mark) === hour) return;
      if (told.size >= CHATTING_MARKS) told.clear();
      told.set(mark, hour);
      const write = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() =>
          db.transaction().execute((trx) =>
            recordFeedEventOnce(trx, {
              type: FeedEventType.REALTIME_CHAT,
              userId,
              key: feedKeys.chatting(userId, room.id, hour),
              properties: { 'source.user': userId, 'room.id': room.id, 'room.name': room.name },
              privacy: PhotoPrivacy.FRIENDS,
              now,
            }),
          ),
        )
        .catch((error) => log.error({ err: error }, 'chatting event failed'));
      pending.add(write);
      void write.then(() => pending.delete(write));
    },
    /** Tests: resolves once the chatting events queued so far are written. */
    settled: () => Promise.all(pending).then(() => undefined),
  };
}
