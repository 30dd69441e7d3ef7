import { type Album, type Photo, PhotoLimits, type PhotosAndAlbums } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import {
  audienceSees,
  type PhotoAudience,
  photoAudienceFor,
  staffSeesReportedPhoto,
} from '../../policy/photos';
import { toAlbum, toPhoto } from './present';
import { type PhotoView, photoStore } from './store';

type Page = { page?: number; limit?: number };
const DAY = 86_400_000;
const pageOf = (p: Page) => {
  const limit = p.limit ?? PhotoLimits.PAGE;
  return { offset: ((p.page ?? 1) - 1) * limit, limit };
};

/**
 * Everything that reads photos and albums. Each read asks policy/photos.ts for the viewer's
 * audience of the owner's photos once, and the store filters by it in SQL: what the viewer
 * may not see is left out of lists and counts, and a single photo they may not see is a 404,
 * the same answer as a photo that does not exist (no probing).
 */
export function photoReads(db: Kysely<Database>) {
  const store = photoStore(db);

  async function ownerAndAudience(viewer: UserRow | null, ownerId: number) {
    const owner = viewer?.id === ownerId ? viewer : await store.user(ownerId);
    if (!owner) throw notFound('people.notFound');
    return { owner, audience: await photoAudienceFor(db, viewer, owner) };
  }

  async function present(photos: PhotoView[], known: UserRow[] = []): Promise<Photo[]> {
    const users = new Map(known.map((u) => [u.id, u]));
    const missing = [...new Set(photos.flatMap((p) => [p.owner_id, p.author_id]))].filter(
      (id) => !users.has(id),
    );
    for (const u of await store.users(missing)) users.set(u.id, u);
    return photos.map((p) => toPhoto(p, users));
  }

  async function albums(viewer: UserRow | null, ownerId: number, audience: PhotoAudience): Promise<Album[]> {
    const rows = await store.albumsOf(ownerId, audience, Date.now() - PhotoLimits.NEW_DAYS * DAY);
    const isOwner = viewer?.id === ownerId;
    // Others see only albums holding something they may see; the owner sees all of theirs.
    return rows.filter((a) => isOwner || a.size > 0).map(toAlbum);
  }

  return {
    present,

    async albums(viewer: UserRow | null, userId: number): Promise<Album[]> {
      const { audience } = await ownerAndAudience(viewer, userId);
      return albums(viewer, userId, audience);
    },

    async photos(
      viewer: UserRow | null,
      p: Page & { userId: number; albumId?: number; filterApproved?: boolean; filterBackstage?: boolean },
    ): Promise<Photo[]> {
      const { owner, audience } = await ownerAndAudience(viewer, p.userId);
      const rows = await store.photosOf(p.userId, audience, {
        albumId: p.albumId,
        onlyApproved: p.filterApproved,
        noBackstage: p.filterBackstage,
        ...pageOf(p),
      });
      return present(rows, [owner]);
    },

    async photosAndAlbums(
      viewer: UserRow | null,
      p: Page & { userId: number; albumId?: number; filterBackstage?: boolean },
    ): Promise<PhotosAndAlbums> {
      const { owner, audience } = await ownerAndAudience(viewer, p.userId);
      const rows = await store.photosOf(p.userId, audience, {
        albumId: p.albumId,
        noBackstage: p.filterBackstage,
        ...pageOf(p),
      });
      return {
        albums: await albums(viewer, p.userId, audience),
        photos: await present(rows, [owner]),
      };
    },

    /** One photo the viewer may see; browsable adds its album neighbours' ids. */
    async photo(
      viewer: UserRow | null,
      p: { postId: number; authorUserId?: number; albumId?: number; browsable?: boolean },
    ): Promise<Photo> {
      const row = await store.photo(p.postId);
      if (!row) throw notFound('notFound.photo');
      if (p.authorUserId && p.authorUserId !== row.owner_id && p.authorUserId !== row.author_id)
        throw notFound('notFound.photo');
      if (p.albumId && p.albumId !== row.album_id) throw notFound('notFound.photo');
      const { owner, audience } = await ownerAndAudience(viewer, row.owner_id);
      // Staff open a reported photo from the moderation queue whatever its audience.
      if (!audienceSees(audience, row) && !(await staffSeesReportedPhoto(db, viewer, row)))
        throw notFound('notFound.photo');
      const around = p.browsable ? await store.neighbours(row, audience) : {};
      const [photo] = await present([row], [owner]);
      return { ...photo, previousPostId: around.prev?.id, nextPostId: around.next?.id };
    },

    async newest(viewer: UserRow): Promise<Photo[]> {
      const row = await store.newestOf(viewer.id);
      return row ? present([row], [viewer]) : [];
    },

    async count(viewer: UserRow | null, ownerId: number): Promise<number> {
      const { audience } = await ownerAndAudience(viewer, ownerId);
      return store.countOf(ownerId, audience);
    },

    /** Photos `ownerId` liked, each shown only when the viewer may see it (its owner's audience). */
    async favorites(viewer: UserRow | null, p: Page & { ownerId: number }): Promise<Photo[]> {
      const { audience: ofLiker } = await ownerAndAudience(viewer, p.ownerId);
      // A member the viewer may not see at all shows no favourites.
      if (!ofLiker.privacies.length) return [];
      const { offset, limit } = pageOf(p);
      const rows = await store.likedBy(p.ownerId, offset, limit);
      const audiences = new Map<number, PhotoAudience>();
      const visible: PhotoView[] = [];
      for (const row of rows) {
        let audience = audiences.get(row.owner_id);
        if (!audience) {
          const owner = await store.user(row.owner_id);
          if (!owner) continue;
          audience = await photoAudienceFor(db, viewer, owner);
          audiences.set(row.owner_id, audience);
        }
        if (audienceSees(audience, row)) visible.push(row);
      }
      return present(visible);
    },
  };
}
