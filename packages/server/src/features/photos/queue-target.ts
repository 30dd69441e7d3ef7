import { imageUrl, type ReportContext } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { mediaStoreFor } from '../../media/storage';
import { isOpenPhoto } from '../../policy/photos';
import { followPhotoVisibility } from '../feed/photo-traces';
import { editUseCases } from './edit';
import { photoStore } from './store';

/**
 * What the moderation queue needs of a reported photo (features/admin/kinds.ts): the picture in
 * context, and quarantine (hidden from all but its owner, as album/moderatePhoto.do does).
 */
export function photoQueueTarget(deps: Pick<Deps, 'db' | 'config' | 'effects'>) {
  const store = photoStore(deps.db);
  const edits = editUseCases(deps, mediaStoreFor(deps.config));

  return {
    async context(photoId: number): Promise<ReportContext> {
      const row = await store.photo(photoId);
      if (!row) return { type: 'photo', gone: true };
      return {
        type: 'photo',
        title: row.album_name,
        text: row.caption ?? undefined,
        image: imageUrl(row.image_key, { width: 480 }),
        link: `/html/album/photoalbum-view.jsp?postid=${row.id}&u=${row.owner_id}`,
      };
    },

    /** Quarantines in the resolution's transaction; answers whether its URL must change after commit. */
    async quarantine(trx: Kysely<Database>, photoId: number): Promise<boolean> {
      const tx = photoStore(trx);
      const row = await tx.photo(photoId);
      if (!row || row.quarantine === 1) return false;
      await tx.updatePhoto(row.id, { quarantine: 1, admin_flagged: 1 });
      await followPhotoVisibility(trx, row.id, row.privacy, row.nsfw === 1);
      return isOpenPhoto(row);
    },

    /** A photo that was open to anyone gets a new URL, so copies of the old one stop loading. */
    rekey: (photoId: number) => edits.rekey(photoId),
  };
}
