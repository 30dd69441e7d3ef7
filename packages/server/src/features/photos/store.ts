import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { albumStore } from './album-store';
import { imageStore } from './image-store';
import { photoReadStore } from './photo-read-store';
import { photoWriteStore } from './photo-write-store';
import { reportStore } from './report-store';
import { unlockStore } from './unlock-store';

export type { AlbumKind, AlbumRow, PhotoRow, PhotoView } from './photo-view-store';

/**
 * The photos feature's SQL, split by use case: albums (album-store), reading photos with the
 * audience filter (photo-read-store), writing them and the owner's picture (photo-write-store),
 * the image service's question (image-store), reports (report-store) and backstage unlocks
 * (unlock-store). Shared row types and the SQL audience filter live in photo-view-store.ts.
 */

/** Every photos store in one object, for use cases that touch several. Works inside a transaction. */
export function photoStore(db: Kysely<Database>) {
  return {
    ...albumStore(db),
    ...photoReadStore(db),
    ...photoWriteStore(db),
    ...imageStore(db),
    ...reportStore(db),
    ...unlockStore(db),
  };
}
