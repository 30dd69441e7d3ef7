import type { Photo } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { mayOptInToNsfw } from '../../policy/nsfw';
import { audienceSees, isOpenPhoto, photoAudienceFor } from '../../policy/photos';
import { followPhotoVisibility } from '../feed/photo-traces';
import { toPhoto } from './present';
import { photoStore } from './store';

/**
 * Reports and moderation. A report files a row of kind 'photo' in the moderation queue (the
 * admin queue reads `reports`); an admin then quarantines the photo (hidden from all but its
 * owner), approves it (image1Approved; getPhotos filterApproved) or marks it NSFW.
 */
export function moderationUseCases(db: Kysely<Database>, rekey: (photoId: number) => Promise<void>) {
  const store = photoStore(db);
  return {
    /** photoId < 0: the in-page report of a picture with no post of its own; filed against its author. */
    async report(
      viewer: UserRow,
      p: { photoAuthorId: number; photoId: number; reason?: string; comment?: string },
    ): Promise<boolean> {
      const author = await store.user(p.photoAuthorId);
      if (!author) throw notFound('people.notFound');
      let photoId: number | null = null;
      if (p.photoId > 0) {
        const row = await store.photo(p.photoId);
        if (!row || (row.owner_id !== author.id && row.author_id !== author.id))
          throw notFound('notFound.photo');
        const audience = await photoAudienceFor(db, viewer, author);
        if (!audienceSees(audience, row)) throw notFound('notFound.photo');
        photoId = row.id;
      }
      const text = [p.reason?.trim(), p.comment?.trim()].filter(Boolean).join(': ');
      await store.insertReportOnce({
        reporterId: viewer.id,
        reportedId: author.id,
        photoId,
        comment: text || null,
        now: Date.now(),
      });
      return true;
    },

    async moderate(
      admin: UserRow,
      p: { postId: number; quarantine?: boolean; approved?: boolean; nsfw?: boolean },
    ): Promise<Photo> {
      const row = await store.photo(p.postId);
      if (!row) throw notFound('notFound.photo');
      const bit = (v: boolean | undefined, old: number) => (v === undefined ? old : v ? 1 : 0);
      const changes = {
        quarantine: bit(p.quarantine, row.quarantine),
        approved: bit(p.approved, row.approved),
        nsfw: bit(p.nsfw, row.nsfw),
        admin_flagged: p.quarantine || p.nsfw ? 1 : row.admin_flagged,
      };
      await db.transaction().execute(async (trx) => {
        await photoStore(trx).updatePhoto(row.id, changes);
        await followPhotoVisibility(trx, row.id, row.privacy, changes.nsfw === 1);
      });
      if (isOpenPhoto(row) && !isOpenPhoto({ ...row, ...changes })) await rekey(row.id);
      const fresh = await store.photo(row.id);
      if (!fresh) throw notFound('notFound.photo');
      const users = new Map(
        (await store.users([fresh.owner_id, fresh.author_id, admin.id])).map((u) => [u.id, u]),
      );
      return toPhoto(fresh, users);
    },

    async allowNsfw(viewer: UserRow): Promise<boolean> {
      if (!mayOptInToNsfw(viewer, true)) throw forbidden('nsfw.minor');
      await store.setAllowNsfw(viewer.id);
      return true;
    },
  };
}
