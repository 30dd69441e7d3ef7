import type { EphemeralItem } from '@tertulia/contract';

/** A failed thumbnail is asked for again after this long (spec 4 and 8). */
export const THUMB_RETRY_MS = 1000;
/** After this many failed tries the tile stops asking (the video failed or the item is gone). */
export const THUMB_MAX_TRIES = 60;
/** The countdown's step. */
export const TICK_MS = 100;

export type TileState = 'placeholder' | 'active' | 'viewed';

/**
 * Spec 4: placeholder until there is something to show, then active while the viewer has time
 * left (remaining = expiration - own viewed time), viewed once it is zero or less.
 */
export function tileState(item: Pick<EphemeralItem, 'placeholder' | 'remaining'> | undefined): TileState {
  if (!item || item.placeholder) return 'placeholder';
  return item.remaining > 0 ? 'active' : 'viewed';
}

/** The seconds shown by the countdown: whole seconds, rounded up, never below zero. */
export const countdownSeconds = (remainingMs: number) => Math.max(0, Math.ceil(remainingMs / 1000));

/** The thumbnail's URL for the n-th try: a new query each time so no cached failure is reused. */
export function thumbAttempt(url: string, attempt: number): string {
  if (attempt === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}try=${attempt}`;
}

/** Which picker a device gets: phones (a coarse pointer) open the camera, others the file list. */
export const prefersCamera = (coarsePointer: boolean) => coarsePointer;

/** What a picked file is, by its type: photo, video, or something we refuse before sending. */
export function kindOfFile(type: string): 'photo' | 'video' | undefined {
  if (/^image\/(jpeg|png|gif|webp)$/.test(type)) return 'photo';
  if (/^video\/(mp4|webm|quicktime)$/.test(type)) return 'video';
  return undefined;
}

/** The browser can send files (FormData); otherwise the fallback dialog explains why not. */
export const canUpload = () => typeof FormData !== 'undefined';
