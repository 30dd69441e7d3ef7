import type { Story } from '@tertulia/contract';

/** One bubble of the strip: an author and their stories, with whether any is still unwatched. */
export interface StripEntry {
  authorId: number;
  name: string;
  image1?: string;
  thumbnail?: string;
  unseen: boolean;
  processing: boolean;
  count: number;
}

/**
 * Groups the server's list (unwatched first, newest first) into one bubble per author, in the
 * order the authors first appear; the caller's own bubble first.
 */
export function stripOf(stories: Story[], me: number): StripEntry[] {
  const entries = new Map<number, StripEntry>();
  for (const story of stories) {
    const author = story.authorUser;
    if (!author) continue;
    let entry = entries.get(author.uid);
    if (!entry) {
      entry = {
        authorId: author.uid,
        name: author.name ?? '',
        image1: author.image1,
        thumbnail: story.thumbnail,
        unseen: false,
        processing: false,
        count: 0,
      };
      entries.set(author.uid, entry);
    }
    entry.count++;
    entry.thumbnail ??= story.thumbnail;
    if (story.state === 'processing') entry.processing = true;
    else if (!story.viewed) entry.unseen = true;
  }
  const list = [...entries.values()];
  const own = list.findIndex((e) => e.authorId === me);
  if (own > 0) list.unshift(...list.splice(own, 1));
  return list;
}

/** Tap zones of the viewer: the left third goes back, the rest forward. */
export const tapDirection = (x: number, width: number): -1 | 1 => (x < width / 3 ? -1 : 1);

/** A press longer than this is a hold (pause), not a tap. */
export const HOLD_MS = 250;
/** A downward drag this long closes the viewer on phones. */
export const SWIPE_CLOSE_PX = 90;
/** Stories with a video that fails to report its length advance after this. */
export const FALLBACK_STORY_MS = 8000;
