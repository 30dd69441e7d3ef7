import { LikeItemType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { commentStore } from './comments-store';
import { deleteFeedEvent } from './events';
import { eventStore } from './events-store';
import { dropItem } from './items';

/**
 * What the feed holds about a photo, for the photos feature: its events (upload, profile photo,
 * backstage, likes), comments, likes and notices. Called inside the photo write's transaction.
 */

/** A deleted photo leaves nothing behind in the feed. */
export async function dropPhotoTraces(trx: Kysely<Database>, photoId: number): Promise<void> {
  const post = { type: LikeItemType.PHOTO, id: photoId };
  const comments = commentStore(trx);
  for (const id of await comments.idsOnPost(post)) await dropItem(trx, LikeItemType.COMMENT, id);
  await comments.deleteOnPost(post);
  await dropItem(trx, LikeItemType.PHOTO, photoId);
  const events = eventStore(trx);
  for (const id of await events.idsShowingItem(LikeItemType.PHOTO, photoId)) {
    await dropItem(trx, LikeItemType.EVENT, id);
    await deleteFeedEvent(trx, id);
  }
}

/** The events showing a photo follow its privacy and NSFW mark (the feed filters by them). */
export function followPhotoVisibility(
  trx: Kysely<Database>,
  photoId: number,
  privacy: number,
  nsfw: boolean,
): Promise<void> {
  return eventStore(trx).setItemVisibility(LikeItemType.PHOTO, photoId, privacy, nsfw ? 1 : 0);
}
