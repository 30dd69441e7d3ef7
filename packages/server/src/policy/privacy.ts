import { PhotoPrivacy } from '@tertulia/contract';

/** What the item rule needs to know about the viewer, the author and the item (docs/security.md). */
export interface ItemSight {
  /** PhotoPrivacy: 1 public, 2 friends, 3 only the author. Statuses, feed items and photos share it. */
  privacy: number;
  isAuthor: boolean;
  isFriend: boolean;
  /** The author keeps their profile private (buddy/setPrivate.do): public items go to friends only. */
  authorPrivate: boolean;
}

/**
 * The one rule for who sees a status, a feed item or a photo: its author always; nobody else
 * when it is private; friends when it is friends-only; everyone when it is public and the
 * author's profile is not private. Blocks and bans are checked before this rule is asked.
 */
export function maySeeItem(s: ItemSight): boolean {
  if (s.isAuthor) return true;
  if (s.privacy === PhotoPrivacy.PRIVATE) return false;
  if (s.isFriend) return true;
  return s.privacy === PhotoPrivacy.PUBLIC && !s.authorPrivate;
}
