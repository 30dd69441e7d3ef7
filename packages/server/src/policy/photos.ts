import { isVipStar, PhotoPrivacy } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { socialGraph } from './graph';
import { seesNsfw } from './nsfw';
import { maySeeItem } from './privacy';

/**
 * Which of a member's photos a viewer may see, as a filter every read path applies (album lists,
 * counts, the photo page, prev/next, the feed, comments, likes, favorites and the image URLs).
 * The privacy part is the item rule of privacy.ts; the photo's own flags come on top:
 * - quarantined (an admin hid it): its owner only (and admins, who moderate it);
 * - backstage: its owner and the members they unlocked (today: VIP members);
 * - NSFW: only adult viewers who opted in (user/allowNSFW.do; policy/nsfw.ts).
 */
export interface PhotoAudience {
  /** The privacy values the viewer may see; empty when they may see none. */
  privacies: number[];
  backstage: boolean;
  nsfw: boolean;
  quarantined: boolean;
}

export interface PhotoViewerTies {
  isOwner: boolean;
  isFriend: boolean;
  /** Either blocked the other, or the owner is banned. */
  cutOff: boolean;
  ownerPrivate: boolean;
  /** VIP members are the unlocked backstage audience until prices exist. */
  isVip: boolean;
  allowsNsfw: boolean;
  isAdmin: boolean;
}

const ALL_PRIVACIES = [PhotoPrivacy.PUBLIC, PhotoPrivacy.FRIENDS, PhotoPrivacy.PRIVATE];

export function photoAudience(t: PhotoViewerTies): PhotoAudience {
  if (t.isOwner) return { privacies: ALL_PRIVACIES, backstage: true, nsfw: true, quarantined: true };
  if (t.cutOff) return { privacies: [], backstage: false, nsfw: false, quarantined: false };
  const privacies = ALL_PRIVACIES.filter((privacy) =>
    maySeeItem({ privacy, isAuthor: false, isFriend: t.isFriend, authorPrivate: t.ownerPrivate }),
  );
  return { privacies, backstage: t.isVip, nsfw: t.allowsNsfw, quarantined: t.isAdmin };
}

export interface PhotoFlags {
  privacy: number;
  backstage: number;
  nsfw: number;
  quarantine: number;
}

export function audienceSees(a: PhotoAudience, p: PhotoFlags): boolean {
  return (
    a.privacies.includes(p.privacy) &&
    (!p.backstage || a.backstage) &&
    (!p.nsfw || a.nsfw) &&
    (!p.quarantine || a.quarantined)
  );
}

/** Whoever holds the URL may load it: public, not backstage, not NSFW, not quarantined. */
export const isOpenPhoto = (p: PhotoFlags) =>
  p.privacy === PhotoPrivacy.PUBLIC && !p.backstage && !p.nsfw && !p.quarantine;

/** What photoAudienceFor reads of the viewer and of the photos' owner. */
type Viewer = { id: number; star: number; allow_nsfw: number; is_admin: number; birth_date: string } | null;
type Owner = { id: number; buddies_private: number; banned_at: number };

/** The audience of `owner`'s photos for `viewer` (null: anonymous), with the ties read once. */
export async function photoAudienceFor(
  db: Kysely<Database>,
  viewer: Viewer,
  owner: Owner,
): Promise<PhotoAudience> {
  const isOwner = viewer?.id === owner.id;
  let isFriend = false;
  let cutOff = owner.banned_at > 0;
  if (viewer && !isOwner) {
    const ties = await socialGraph(db).tiesWith(viewer.id, owner.id);
    isFriend = ties.isFriend;
    cutOff ||= ties.blocked || ties.blockedBy;
  }
  return photoAudience({
    isOwner,
    isFriend,
    cutOff,
    ownerPrivate: owner.buddies_private === 1,
    isVip: isVipStar(viewer?.star),
    allowsNsfw: seesNsfw(viewer, viewer?.allow_nsfw === 1),
    isAdmin: viewer?.is_admin === 1,
  });
}

/**
 * The flag part of the rule alone, for paths where privacy and blocks are already settled (the
 * feed filters events by privacy; likes and comments ask the item rule first).
 */
export function photoFlagsPass(
  viewer: { id: number; star: number; allow_nsfw: number; is_admin: number; birth_date: string },
  ownerId: number,
  p: Omit<PhotoFlags, 'privacy'>,
): boolean {
  const a = photoAudience({
    isOwner: viewer.id === ownerId,
    isFriend: true,
    cutOff: false,
    ownerPrivate: false,
    isVip: isVipStar(viewer.star),
    allowsNsfw: seesNsfw(viewer, viewer.allow_nsfw === 1),
    isAdmin: viewer.is_admin === 1,
  });
  return audienceSees(a, { ...p, privacy: 1 });
}
