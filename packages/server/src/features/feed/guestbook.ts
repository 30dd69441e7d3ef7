import { FeedEventType, type GuestbookEntry, imageUrl, NotificationKind } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid } from '../../http/errors';
import { blockedEitherWay } from '../people/blocks';
import { type FeedContext, fileOf, type Page, pageOf } from './context';
import { recordFeedEvent } from './events';

/** Guestbook entries on profiles: blocks and private profiles respected; feed event 14 and a notification. */
export function guestbookCalls(c: FeedContext) {
  const { db, people, present, notices, limit, storeImage, areFriends, announce, profileFor } = c;
  return {
    async postGuestbook(
      viewer: UserRow,
      p: { profileId: number; message: string; photo?: unknown },
    ): Promise<GuestbookEntry> {
      if (p.profileId === viewer.id) throw invalid('profileId', 'feed.guestbookSelf');
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const file = fileOf(p.photo, 'photo');
      const owner = await people.visible(viewer, p.profileId);
      if (await blockedEitherWay(db, viewer.id, owner.id)) throw forbidden('feed.youBlocked');
      const friends = await areFriends(viewer.id, owner.id);
      if (owner.buddies_private && !friends) {
        throw new ApiError('ApiForbiddenException', 'feed.guestbookPrivate', { name: owner.name });
      }
      await limit(`feed:write:${viewer.id}`);
      const imageKey = file ? await storeImage(file) : null;
      const now = Date.now();
      const { row, notice, eventId } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('guestbook_entries')
          .values({
            profile_id: owner.id,
            author_id: viewer.id,
            message,
            image_key: imageKey,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const eventId = await recordFeedEvent(trx, {
          type: FeedEventType.GUESTBOOK,
          userId: viewer.id,
          postId: row.id,
          properties: { 'source.user': viewer.id, 'target.user': owner.id },
          // What is written on a private profile is for friends only.
          privacy: owner.buddies_private ? 2 : 1,
          alsoTo: [owner.id],
          now,
        });
        const notice = await notices.create(trx, {
          userId: owner.id,
          kind: NotificationKind.GUESTBOOK,
          actorId: viewer.id,
          itemId: row.id,
          url: `/html/profile-view.jsp?user=${owner.id}#guestbook`,
        });
        return { row, notice, eventId };
      });
      await notices.deliver([notice]);
      await announce(viewer.id, eventId, FeedEventType.GUESTBOOK);
      const [author] = await people.present(viewer, [viewer]);
      return {
        id: row.id,
        profileId: owner.id,
        author,
        message: row.message,
        image1: row.image_key ? imageUrl(row.image_key) : undefined,
        creationTime: row.created_at,
      };
    },

    async guestbook(viewer: UserRow, p: Page & { profileId: number }): Promise<GuestbookEntry[]> {
      const owner = await profileFor(viewer, p.profileId);
      const { limit, offset } = pageOf(p, 20);
      const rows = await db
        .selectFrom('guestbook_entries as g')
        .innerJoin('users', 'users.id', 'g.author_id')
        .selectAll('g')
        .where('g.profile_id', '=', owner.id)
        .where('users.banned_at', '=', 0)
        .orderBy('g.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const blocked = await present.blockedAmong(
        viewer.id,
        [...new Set(rows.map((r) => r.author_id))].filter((id) => id !== viewer.id),
      );
      const shown = rows.filter((r) => !blocked.has(r.author_id));
      const authorIds = [...new Set(shown.map((r) => r.author_id))];
      const authorRows = authorIds.length
        ? await db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute()
        : [];
      const authors = new Map((await people.present(viewer, authorRows)).map((u) => [u.uid, u]));
      return shown.map((r) => ({
        id: r.id,
        profileId: r.profile_id,
        author: authors.get(r.author_id),
        message: r.message,
        image1: r.image_key ? imageUrl(r.image_key) : undefined,
        creationTime: r.created_at,
      }));
    },
  };
}
