import { FeedEventType, type GuestbookEntry, imageUrl, NotificationKind } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid } from '../../http/errors';
import { type AttachPhoto, oneOrNone, pictureOf } from '../../media/attach';
import { socialGraph } from '../../policy/graph';
import type { NotificationUseCases } from '../notifications/notices';
import type { PeopleUseCases } from '../people/use-cases';
import { type Announce, recordFeedEvent } from './events';
import { guestbookStore } from './guestbook-store';
import { fileOf, type Page, pageOf, type SaveImage, type WriteLimit } from './inputs';
import { privacyOnProfile } from './items';
import type { ProfileAccess } from './profile-access';

/** Guestbook entries on profiles: blocks and private profiles respected; a feed event and a notice. */
export function guestbookUseCases(d: {
  db: Kysely<Database>;
  unitOfWork: UnitOfWork;
  people: Pick<PeopleUseCases, 'visible' | 'present'>;
  notices: Pick<NotificationUseCases, 'create' | 'deliver'>;
  limit: WriteLimit;
  saveImage: SaveImage;
  attachPhoto: AttachPhoto;
  announce: Announce;
  profileFor: ProfileAccess;
}) {
  const { db, people, notices } = d;
  const graph = socialGraph(db);
  return {
    async postGuestbook(
      viewer: UserRow,
      p: { profileId: number; message: string; photo?: unknown; photoId?: number },
    ): Promise<GuestbookEntry> {
      if (p.profileId === viewer.id) throw invalid('profileId', 'feed.guestbookSelf');
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const file = fileOf(p.photo, 'photo');
      oneOrNone(file, p.photoId);
      const owner = await people.visible(viewer, p.profileId);
      if (await graph.blockedEitherWay(viewer.id, owner.id)) throw forbidden('feed.youBlocked');
      if (owner.buddies_private && !(await graph.areFriends(viewer.id, owner.id))) {
        throw new ApiError('ApiForbiddenException', 'feed.guestbookPrivate', { name: owner.name });
      }
      await d.limit(viewer.id);
      const imageKey = await pictureOf(d.attachPhoto, d.saveImage, viewer, file, p.photoId);
      const now = Date.now();
      const row = await d.unitOfWork(async (trx, after) => {
        const row = await guestbookStore(trx).insert({
          profileId: owner.id,
          authorId: viewer.id,
          message,
          imageKey,
          createdAt: now,
        });
        const eventId = await recordFeedEvent(trx, {
          type: FeedEventType.GUESTBOOK,
          userId: viewer.id,
          postId: row.id,
          properties: { 'source.user': viewer.id, 'target.user': owner.id },
          privacy: privacyOnProfile(owner),
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
        after.run(() => notices.deliver([notice]));
        d.announce(after, viewer.id, eventId, FeedEventType.GUESTBOOK);
        return row;
      });
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
      const owner = await d.profileFor(viewer, p.profileId);
      const store = guestbookStore(db);
      const rows = await store.onProfile(owner.id, pageOf(p, 20));
      const blocked = await graph.blockedWithAmong(
        viewer.id,
        rows.map((r) => r.author_id),
      );
      const shown = rows.filter((r) => !blocked.has(r.author_id));
      const authorRows = await store.members([...new Set(shown.map((r) => r.author_id))]);
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
