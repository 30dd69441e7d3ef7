import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { albumStore } from './album-store';

/**
 * The owner's album management beside create/rename (edit.ts): deleting an album with its photos
 * (each through the photo delete, so comments, likes, feed events and files go too) and putting
 * all albums in a new order at once.
 */
export function albumManagement(
  db: Kysely<Database>,
  removePhoto: (user: UserRow, id: number) => Promise<unknown>,
) {
  const store = albumStore(db);
  return {
    async deleteAlbum(user: UserRow, p: { albumId: number }): Promise<boolean> {
      const album = await store.findAlbum(user.id, p.albumId);
      if (!album) throw notFound('notFound.album');
      for (const id of await store.photoIdsIn(album.id)) await removePhoto(user, id);
      await store.deleteAlbum(album.id);
      return true;
    },

    /** Positions 0..n-1 in the order given; the list must name every album of the caller once. */
    async reorderAlbums(user: UserRow, p: { albumIds: string }): Promise<boolean> {
      const wanted = p.albumIds.split(',').map(Number);
      const own = new Set(await store.albumIdsOf(user.id));
      const exact =
        wanted.length === own.size && new Set(wanted).size === own.size && wanted.every((id) => own.has(id));
      if (!exact) throw invalid('albumIds', 'photos.albumOrder');
      await db.transaction().execute(async (trx) => {
        const tx = albumStore(trx);
        for (const [position, id] of wanted.entries()) await tx.updateAlbum(id, { position });
      });
      return true;
    },
  };
}
