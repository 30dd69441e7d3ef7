import {
  FeedEventType,
  LikeItemType,
  likeEventTypeOf,
  NotificationKind,
  PhotoPrivacy,
} from '@tertulia/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../packages/server/src/db/index';
import type { Database } from '../../packages/server/src/db/schema';
import { recordFeedEvent, recordFeedEventOnce } from '../../packages/server/src/features/feed/events';
import { feedKeys } from '../../packages/server/src/features/feed/log';

const HOUR = 3_600_000;

/** Statuses: author, text, hours ago, options (2 = friends only; nsfw for the opt-in demo). */
export const DEMO_STATUSES: readonly {
  author: string;
  text: string;
  hoursAgo: number;
  privacy?: number;
  nsfw?: boolean;
}[] = [
  { author: 'mateo', text: 'Domingo de ruta por la sierra 🚴 ¿Alguien se apunta la próxima?', hoursAgo: 30 },
  { author: 'valentina', text: 'Terminé mi primer cuadro al óleo. ¡Qué nervios enseñarlo!', hoursAgo: 20 },
  { author: 'carlos', text: 'Paella para doce y sobraron dos raciones. Récord personal.', hoursAgo: 9 },
  {
    author: 'admin',
    text: 'Bienvenidos a Tertulia: ya podéis publicar estados, dar me gusta y comentar.',
    hoursAgo: 8,
  },
  { author: 'lucia', text: 'Madrid amanece precioso hoy ☀️', hoursAgo: 5 },
  { author: 'diego', text: 'Solo para amigos: el sábado hay barbacoa en casa 🔥', hoursAgo: 3, privacy: 2 },
  { author: 'diego', text: 'Foto del tatuaje nuevo (sin censura)', hoursAgo: 2, nsfw: true },
  { author: 'lucia', text: '¿Recomendaciones de libros para el verano? 📚', hoursAgo: 1 },
];

/** Likes: who likes whose status (by its text's start). */
const DEMO_LIKES: readonly [string, string][] = [
  ['lucia', 'Domingo de ruta'],
  ['admin', 'Domingo de ruta'],
  ['diego', 'Domingo de ruta'],
  ['lucia', 'Terminé mi primer cuadro'],
  ['camila', 'Terminé mi primer cuadro'],
  ['mateo', 'Madrid amanece'],
  ['valentina', 'Madrid amanece'],
  ['carlos', 'Madrid amanece'],
  ['admin', 'Madrid amanece'],
  ['sofia', 'Paella para doce'],
  ['mateo', '¿Recomendaciones de libros'],
];

/** Comments: writer, status (by its start), text. */
const DEMO_COMMENTS: readonly [string, string, string][] = [
  ['lucia', 'Domingo de ruta', '¡Yo me apunto! Avísame con tiempo.'],
  ['diego', 'Domingo de ruta', 'La próxima vamos por Navacerrada.'],
  ['camila', 'Terminé mi primer cuadro', 'Está precioso, Vale 😍'],
  ['mateo', 'Madrid amanece', 'Desde aquí se ve igual de bonito.'],
  ['valentina', '¿Recomendaciones de libros', '«La sombra del viento», sin duda.'],
  ['carlos', '¿Recomendaciones de libros', 'Cualquiera de Almudena Grandes.'],
];

/** Guestbook entries: writer, profile owner, text. */
const DEMO_GUESTBOOK: readonly [string, string, string][] = [
  ['mateo', 'lucia', '¡Gracias por la ruta del domingo! Repetimos pronto.'],
  ['camila', 'valentina', 'Tu perfil es una galería de arte 🎨'],
  ['sofia', 'carlos', '¡Esa paella tenía una pinta increíble!'],
];

/**
 * Statuses (one friends-only, one NSFW), likes, comments and guestbook entries among the demo
 * members, with their feed events, counters and notifications. Runs once: a second run finds
 * the statuses and changes nothing.
 */
export async function seedFeed(db: Db, members: Map<string, number>): Promise<void> {
  const id = (name: string) => {
    const found = members.get(name);
    if (found === undefined) throw new Error(`demo member ${name} is missing`);
    return found;
  };
  const done = await db
    .selectFrom('statuses')
    .select('id')
    .where('user_id', 'in', [...members.values()])
    .executeTakeFirst();
  if (done) return;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const statuses = new Map<string, { id: number; author: number; at: number }>();
    for (const s of DEMO_STATUSES) {
      const at = now - s.hoursAgo * HOUR;
      const row = await trx
        .insertInto('statuses')
        .values({
          user_id: id(s.author),
          text: s.text,
          privacy: s.privacy ?? 1,
          nsfw: s.nsfw ? 1 : 0,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordFeedEvent(trx, {
        type: FeedEventType.STATUS_UPDATE,
        userId: id(s.author),
        postId: row.id,
        properties: { 'source.user': id(s.author) },
        privacy: s.privacy,
        nsfw: s.nsfw,
        item: { type: LikeItemType.STATUS, id: row.id },
        now: at,
      });
      await trx
        .updateTable('users')
        .set({
          status_object: JSON.stringify({ id: row.id, status: s.text, timestamp: at, userId: id(s.author) }),
        })
        .where('id', '=', id(s.author))
        .execute();
      statuses.set(s.text, { id: row.id, author: id(s.author), at });
    }
    const status = (start: string) => {
      const found = [...statuses].find(([text]) => text.startsWith(start));
      if (!found) throw new Error(`demo status ${start} is missing`);
      return found[1];
    };
    const counts = new Map<number, { likes: number; comments: number }>();
    const count = (statusId: number) => {
      const c = counts.get(statusId) ?? { likes: 0, comments: 0 };
      counts.set(statusId, c);
      return c;
    };
    // Written at the end in time order: the notifications page lists newest first by id, as a live
    // server creates them.
    const notices: Insertable<Database['notifications']>[] = [];
    const notify = async (
      userId: number,
      kind: string,
      actorId: number,
      itemId: number,
      at: number,
      url: string,
    ) => {
      if (userId === actorId) return;
      notices.push({
        user_id: userId,
        kind,
        actor_id: actorId,
        item_type: LikeItemType.STATUS,
        item_id: itemId,
        url,
        created_at: at,
      });
    };

    for (const [index, [liker, start]] of DEMO_LIKES.entries()) {
      const s = status(start);
      const at = s.at + (index + 1) * 60_000;
      await trx
        .insertInto('likes')
        .values({
          item_type: LikeItemType.STATUS,
          item_id: s.id,
          user_id: id(liker),
          author_id: s.author,
          created_at: at,
        })
        .execute();
      count(s.id).likes++;
      // As the like call does: a like of a public status is news for the liker's friends.
      const shown = DEMO_STATUSES.find((d) => d.text.startsWith(start));
      if (s.author !== id(liker) && !shown?.privacy && !shown?.nsfw) {
        await recordFeedEventOnce(trx, {
          type: likeEventTypeOf(LikeItemType.STATUS),
          userId: id(liker),
          key: feedKeys.like(LikeItemType.STATUS, s.id, id(liker)),
          postId: s.id,
          item: { type: LikeItemType.STATUS, id: s.id },
          properties: { 'source.user': id(liker), 'target.user': s.author },
          aboutId: s.author,
          privacy: PhotoPrivacy.FRIENDS,
          now: at,
        });
      }
      await notify(
        s.author,
        NotificationKind.LIKE,
        id(liker),
        s.id,
        at,
        `/feed?status=${s.id}&u=${s.author}`,
      );
    }
    for (const [index, [writer, start, message]] of DEMO_COMMENTS.entries()) {
      const s = status(start);
      const at = s.at + (index + 1) * 5 * 60_000;
      await trx
        .insertInto('comments')
        .values({
          post_type: LikeItemType.STATUS,
          post_id: s.id,
          post_author_id: s.author,
          author_id: id(writer),
          message,
          created_at: at,
        })
        .execute();
      count(s.id).comments++;
      await notify(
        s.author,
        NotificationKind.COMMENT,
        id(writer),
        s.id,
        at,
        `/feed?status=${s.id}&u=${s.author}`,
      );
    }
    for (const [statusId, c] of counts) {
      await trx
        .insertInto('item_stats')
        .values({
          item_type: LikeItemType.STATUS,
          item_id: statusId,
          like_count: c.likes,
          comment_count: c.comments,
          updated_at: now,
        })
        .execute();
    }
    for (const [index, [writer, owner, message]] of DEMO_GUESTBOOK.entries()) {
      // After the last status (an hour ago) and oldest first: the feed lists in the order written.
      const at = now - ((DEMO_GUESTBOOK.length - index) * 15 + 5) * 60_000;
      const entry = await trx
        .insertInto('guestbook_entries')
        .values({ profile_id: id(owner), author_id: id(writer), message, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { buddies_private } = await trx
        .selectFrom('users')
        .select('buddies_private')
        .where('id', '=', id(owner))
        .executeTakeFirstOrThrow();
      await recordFeedEvent(trx, {
        type: FeedEventType.GUESTBOOK,
        privacy: buddies_private ? 2 : 1,
        userId: id(writer),
        postId: entry.id,
        properties: { 'source.user': id(writer), 'target.user': id(owner) },
        alsoTo: [id(owner)],
        now: at,
      });
      notices.push({
        user_id: id(owner),
        kind: NotificationKind.GUESTBOOK,
        actor_id: id(writer),
        item_id: entry.id,
        url: `/html/profile-view.jsp?user=${id(owner)}#guestbook`,
        created_at: at,
      });
    }
    for (const notice of notices.sort((a, b) => Number(a.created_at) - Number(b.created_at)))
      await trx.insertInto('notifications').values(notice).execute();
  });
}
