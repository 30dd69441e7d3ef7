import type { Album, Photo } from '@tertulia/contract';
import sharp from 'sharp';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { type ImageExt, newImageKey, originalName, parseImageKey } from '../../media/keys';
import { dropImageFiles, dropVariants } from '../../media/routes';
import type { MediaStore } from '../../media/storage';
import { isOpenPhoto } from '../../policy/photos';
import { dropPhotoTraces, followPhotoVisibility } from '../feed/photo-traces';
import { BACKSTAGE_ALBUM_NAME } from './album-names';
import { toAlbum, toPhoto } from './present';
import { type PhotoRow, photoStore } from './store';

/**
 * The owner's changes to their photos and albums. A photo that stops being open to everyone
 * (made friends-only or private, moved backstage) gets a new image key: its old URL, which
 * browsers and shared links may hold and which was served as cacheable for good, stops working.
 * Rotation makes a new key too (a key's bytes never change).
 */
export function editUseCases(deps: Pick<Deps, 'db'>, media: MediaStore) {
  const store = photoStore(deps.db);

  async function own(user: UserRow, postId: number): Promise<PhotoRow> {
    const row = await store.findOwnPhoto(user.id, postId);
    if (!row) throw notFound('notFound.photo');
    return row;
  }

  /** Copies the original under a new key (after `transform`); the caller points the row at it. */
  async function copyOriginal(key: string, transform?: (data: Buffer) => Promise<Buffer>) {
    const ext = (parseImageKey(key)?.ext ?? 'jpg') as ImageExt;
    const data = await media.get(originalName(key));
    if (!data) throw notFound('notFound.image');
    const out = transform ? await transform(data) : data;
    const fresh = newImageKey(ext);
    await media.put(originalName(fresh), out);
    return { fresh, data: out };
  }

  const dropFiles = (key: string) => dropImageFiles(media, key);

  async function present(user: UserRow, id: number): Promise<Photo> {
    const view = await store.photo(id);
    if (!view) throw notFound('notFound.photo');
    const owner = (await store.user(user.id)) ?? user;
    return toPhoto(view, new Map([[owner.id, owner]]), { albumSize: await store.albumSize(view.album_id) });
  }

  /** Points the photo (and the owner's picture or background, if it is that image) at a new key. */
  async function swapKey(row: PhotoRow, fresh: string, size?: { width: number; height: number }) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        const tx = photoStore(trx);
        await tx.updatePhoto(row.id, { image_key: fresh, ...size });
        await tx.followImageKey(row.owner_id, row.image_key, fresh);
      });
    } catch (error) {
      await dropFiles(fresh);
      throw error;
    }
    await dropFiles(row.image_key);
  }

  return {
    /** A new key for the photo's image (it stopped being open to everyone). */
    async rekey(photoId: number): Promise<void> {
      const row = await store.photo(photoId);
      if (!row) return;
      const { fresh } = await copyOriginal(row.image_key);
      await swapKey(row, fresh);
    },

    async rotate(user: UserRow, p: { postId: number; clockwise?: boolean }): Promise<Photo> {
      const row = await own(user, p.postId);
      const angle = p.clockwise === false ? 270 : 90;
      const ext = parseImageKey(row.image_key)?.ext;
      const { fresh, data } = await copyOriginal(row.image_key, (input) => {
        const turned = sharp(input).rotate(angle);
        return (ext === 'webp' ? turned.webp({ quality: 90 }) : turned.jpeg({ quality: 88 })).toBuffer();
      });
      const { width = row.height, height = row.width } = await sharp(data).metadata();
      await swapKey(row, fresh, { width, height });
      return present(user, row.id);
    },

    async edit(
      user: UserRow,
      p: {
        isPhoto?: boolean;
        postId: number;
        caption?: string;
        privacy?: number;
        position?: number;
        albumName?: string;
      },
    ): Promise<Photo> {
      if (p.isPhoto === false) throw invalid('isPhoto');
      const row = await own(user, p.postId);
      const albumName = p.albumName?.trim();
      if (p.albumName !== undefined && !albumName) throw invalid('albumName', 'validation.required');
      const now = Date.now();
      const after = await deps.db.transaction().execute(async (trx) => {
        const tx = photoStore(trx);
        const album = albumName
          ? ((await tx.findAlbumByName(user.id, albumName)) ??
            (await tx.createAlbum(user.id, albumName, now)))
          : undefined;
        const changes = {
          caption: p.caption === undefined ? row.caption : p.caption.trim() || null,
          privacy: p.privacy ?? row.privacy,
          position: p.position ?? row.position,
          album_id: album?.id ?? row.album_id,
          backstage: album ? (album.kind === 'backstage' ? 1 : 0) : row.backstage,
        };
        await tx.updatePhoto(row.id, changes);
        await followPhotoVisibility(trx, row.id, changes.privacy, row.nsfw === 1);
        return { ...row, ...changes };
      });
      if (isOpenPhoto(row) && !isOpenPhoto(after)) await this.rekey(row.id);
      // Any other change of audience keeps the key (each request is checked again), but the
      // sizes cached under the earlier audience go: nothing rendered before the change outlives it.
      else if (after.privacy !== row.privacy || after.backstage !== row.backstage)
        await dropVariants(media, row.image_key);
      return present(user, row.id);
    },

    async remove(user: UserRow, p: { postId: number }): Promise<boolean> {
      const row = await own(user, p.postId);
      await deps.db.transaction().execute(async (trx) => {
        const tx = photoStore(trx);
        await dropPhotoTraces(trx, row.id);
        await tx.deletePhoto(row.id);
        // The picture or background it was goes with it.
        const owner = await tx.user(user.id);
        if (owner?.image1 === row.image_key) await tx.setProfileImage(user.id, null, Date.now());
        if (owner?.bg_image === row.image_key) await tx.setBackground(user.id, null, null);
      });
      await dropFiles(row.image_key);
      return true;
    },

    async createAlbum(user: UserRow, p: { name: string; backstage?: boolean }): Promise<Album> {
      const name = p.name.trim();
      if (!name) throw invalid('name', 'validation.required');
      const now = Date.now();
      const album = p.backstage
        ? await store.ensureAlbum(user.id, 'backstage', name || BACKSTAGE_ALBUM_NAME, now)
        : ((await store.findAlbumByName(user.id, name)) ?? (await store.createAlbum(user.id, name, now)));
      return toAlbum({ album, size: await store.albumSize(album.id), containsNew: false });
    },

    async editAlbum(user: UserRow, p: { albumId: number; name?: string; position?: number }): Promise<Album> {
      const album = await store.findAlbum(user.id, p.albumId);
      if (!album) throw notFound('notFound.album');
      const name = p.name?.trim();
      if (p.name !== undefined && !name) throw invalid('name', 'validation.required');
      const changes = { name: name ?? album.name, position: p.position ?? album.position };
      await store.updateAlbum(album.id, changes);
      return toAlbum({
        album: { ...album, ...changes },
        size: await store.albumSize(album.id),
        containsNew: false,
      });
    },
  };
}
