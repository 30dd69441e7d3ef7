import type { User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { announcer } from '../feed/events';
import { toSelf } from '../people/user-view';
import { albumManagement } from './albums-manage';
import { editUseCases } from './edit';
import { moderationUseCases } from './moderation';
import { photoReads } from './reads';
import { photoStore } from './store';
import { backstageUnlocks } from './unlocks';
import { uploadUseCases } from './upload';

export { BACKSTAGE_ALBUM_NAME, DEFAULT_ALBUM_NAME, PROFILE_ALBUM_NAME } from './album-names';
export type { UploadParams } from './upload';

/** The photos feature's use cases, wired to their stores and the media store. */
export function photoUseCases(
  deps: Pick<Deps, 'db' | 'config' | 'effects' | 'unitOfWork'>,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const store = photoStore(deps.db);
  const edits = editUseCases(deps, media);
  return {
    reads: photoReads(deps.db),
    upload: uploadUseCases(deps, media, announcer(deps)),
    edits,
    albums: albumManagement(deps.db, (user, postId) => edits.remove(user, { postId })),
    unlocks: backstageUnlocks(deps.db),
    moderation: moderationUseCases(deps.db, (id) => edits.rekey(id)),

    /** Uses one of the caller's photos as their background (0 clears it); returns the caller. */
    async setBackground(user: UserRow, p: { photo: number; repeat?: boolean }): Promise<User> {
      if (p.photo === 0) return toSelf(await store.setBackground(user.id, null, null));
      const photo = await store.findOwnPhoto(user.id, p.photo);
      if (!photo) throw notFound('notFound.photo');
      return toSelf(
        await store.setBackground(user.id, photo.image_key, p.repeat ? 'repeat' : 'cover', photo.id),
      );
    },
  };
}
