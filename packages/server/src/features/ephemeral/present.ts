import { type EphemeralItem, EphemeralLimits, ephemeralVideoThumbUrl, imageUrl } from '@tertulia/contract';
import { remainingSeconds, usedMs } from '../../policy/ephemeral';
import type { ItemRow, ViewRow } from './store';

type ShownView = ViewRow & { name: string; image1: string | null };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The blurred 300 px thumbnail: the image service for photos, the spec's name for videos. */
export function thumbnailOf(row: ItemRow): string | undefined {
  if (row.kind === 'video') return ephemeralVideoThumbUrl(row.id, row.author_id);
  if (!row.thumb_key) return undefined;
  return imageUrl(row.thumb_key, {
    width: EphemeralLimits.THUMB_WIDTH,
    crop: true,
    blur: EphemeralLimits.THUMB_BLUR,
  });
}

/**
 * An item as `callerId` sees it: the author gets every viewer's time and the viewers' list, a
 * recipient only their own time. `link` is set only by openEphemeral.
 */
export function toItem(
  row: ItemRow,
  callerId: number,
  views: ShownView[],
  now: number,
  link?: string,
): EphemeralItem {
  const isAuthor = row.author_id === callerId;
  const shown = isAuthor ? views : views.filter((v) => v.viewer_id === callerId);
  const own = views.find((v) => v.viewer_id === callerId);
  return {
    postId: row.id,
    authorId: row.author_id,
    kind: row.kind,
    state: row.state,
    image1: row.state === 'ready' ? thumbnailOf(row) : undefined,
    origImage1: row.kind === 'photo' ? link : undefined,
    video: row.kind === 'video' ? link : undefined,
    expiration: row.expiration,
    views: Object.fromEntries(
      shown.map((v) => [String(v.viewer_id), round1(Math.min(row.expiration, usedMs(v, now) / 1000))]),
    ),
    remaining: isAuthor ? row.expiration : round1(remainingSeconds(row.expiration, own, now)),
    placeholder: row.state !== 'ready',
    viewers: isAuthor
      ? views.map((v) => ({
          uid: v.viewer_id,
          name: v.name,
          image1: v.image1 ? imageUrl(v.image1) : undefined,
        }))
      : undefined,
    creationTime: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}
