import { FeedEventType, PhotoPrivacy } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { attachStore } from './attach-store';
import { backstageStore } from './backstage-store';
import { socialGraph } from './graph';
import { seesNsfw } from './nsfw';
import { isVip } from './premium';
import { maySeeItem } from './privacy';
import { reportStore } from './report-store';
import { isHidden } from './standing';

/**
 * Which of a member's photos a viewer may see, as a filter every read path applies (album lists,
 * counts, the photo page, prev/next, the feed, comments, likes, favorites and the image URLs).
 * The privacy part is the item rule of privacy.ts; the photo's own flags come on top:
 * - quarantined (an admin hid it): its owner only (and admins, who moderate it);
 * - backstage: its owner, the members the owner unlocked (album/unlockBackstage.do) and VIP members
 *   (they see every backstage until the economy prices it, docs/premium.md);
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
  /** VIP now (bought or permanent): sees every backstage until prices exist. */
  isVip: boolean;
  /** The owner unlocked their backstage for this viewer. */
  unlocked: boolean;
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
  return { privacies, backstage: t.isVip || t.unlocked, nsfw: t.allowsNsfw, quarantined: t.isAdmin };
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
type ViewerRow = {
  id: number;
  star: number;
  vip_until: number;
  allow_nsfw: number;
  is_admin: number;
  birth_date: string;
};
type Viewer = ViewerRow | null;
type Owner = { id: number; buddies_private: number; banned_at: number };

/** The audience of `owner`'s photos for `viewer` (null: anonymous), with the ties read once. */
export async function photoAudienceFor(
  db: Kysely<Database>,
  viewer: Viewer,
  owner: Owner,
): Promise<PhotoAudience> {
  const isOwner = viewer?.id === owner.id;
  let isFriend = false;
  let cutOff = isHidden(owner);
  let unlocked = false;
  const vip = !!viewer && isVip(viewer);
  if (viewer && !isOwner) {
    const ties = await socialGraph(db).tiesWith(viewer.id, owner.id);
    isFriend = ties.isFriend;
    cutOff ||= ties.blocked || ties.blockedBy;
    // A VIP sees backstage anyway: no need to ask.
    if (!cutOff && !vip)
      unlocked = (await backstageStore(db).ownersUnlockedFor(viewer.id, [owner.id])).size > 0;
  }
  return photoAudience({
    isOwner,
    isFriend,
    cutOff,
    ownerPrivate: owner.buddies_private === 1,
    isVip: vip,
    unlocked,
    allowsNsfw: seesNsfw(viewer, viewer?.allow_nsfw === 1),
    isAdmin: viewer?.is_admin === 1,
  });
}

/**
 * The flag part of the rule alone, for paths where privacy and blocks are already settled (the
 * feed filters events by privacy; likes and comments ask the item rule first). `unlocked`: the
 * owner unlocked their backstage for the viewer (see backstageUnlockedBy).
 */
export function photoFlagsPass(
  viewer: ViewerRow,
  ownerId: number,
  p: Omit<PhotoFlags, 'privacy'>,
  unlocked = false,
): boolean {
  const a = photoAudience({
    isOwner: viewer.id === ownerId,
    isFriend: true,
    cutOff: false,
    ownerPrivate: false,
    isVip: isVip(viewer),
    unlocked,
    allowsNsfw: seesNsfw(viewer, viewer.allow_nsfw === 1),
    isAdmin: viewer.is_admin === 1,
  });
  return audienceSees(a, { ...p, privacy: 1 });
}

/** A photo on a page of the feed, with what the rule needs of its owner. */
export interface ShownPhoto extends PhotoFlags {
  id: number;
  owner_id: number;
  owner_private: number;
  owner_banned: number;
}

/**
 * Which of a page's photos the viewer may see, by the whole rule (privacy, blocks, bans and the
 * flags): the feed asks it for every card, so an event whose own privacy differs from its photo's
 * (a like made before the photo changed) never shows more than the photo page would. Two queries
 * for the page: the ties with the owners and, for a viewer who is not VIP, their unlocks.
 */
export async function photosSeenBy(
  db: Kysely<Database>,
  viewer: ViewerRow,
  photos: readonly ShownPhoto[],
): Promise<Set<number>> {
  const others = [...new Set(photos.map((p) => p.owner_id).filter((id) => id !== viewer.id))];
  const ties = await socialGraph(db).tiesAmong(viewer.id, others);
  const vip = isVip(viewer);
  const backstageOwners = photos
    .filter((p) => p.backstage && p.owner_id !== viewer.id)
    .map((p) => p.owner_id);
  const unlocked = vip ? new Set<number>() : await backstageUnlockedBy(db, viewer.id, backstageOwners);
  const seen = new Set<number>();
  for (const p of photos) {
    const a = photoAudience({
      isOwner: p.owner_id === viewer.id,
      isFriend: ties.friends.has(p.owner_id),
      cutOff: p.owner_banned > 0 || ties.blocked.has(p.owner_id) || ties.blockedBy.has(p.owner_id),
      ownerPrivate: p.owner_private === 1,
      isVip: vip,
      unlocked: unlocked.has(p.owner_id),
      allowsNsfw: seesNsfw(viewer, viewer.allow_nsfw === 1),
      isAdmin: viewer.is_admin === 1,
    });
    if (audienceSees(a, p)) seen.add(p.id);
  }
  return seen;
}

/**
 * A feed event about a photo the viewer may not see: a backstage photo's own announcement (11)
 * stays as a bare notice (who added one, when: the way to ask for access), with nothing of the
 * photo, its likes or comments; every other card of it, and anything of a quarantined photo, is
 * not shown at all (docs/feed-events.md).
 */
export function hiddenPhotoCard(eventType: number, photo: Pick<PhotoFlags, 'quarantine'>): 'notice' | 'none' {
  return eventType === FeedEventType.BACKSTAGE_PHOTO && !photo.quarantine ? 'notice' : 'none';
}

/** Which of `ownerIds` unlocked their backstage for `viewerId` (one query for a page of owners). */
export function backstageUnlockedBy(
  db: Kysely<Database>,
  viewerId: number,
  ownerIds: readonly number[],
): Promise<Set<number>> {
  return backstageStore(db).ownersUnlockedFor(viewerId, ownerIds);
}

/**
 * Staff (admins and site moderators) see a photo a member reported, whatever its privacy, the
 * owner's private profile or a block: the moderation queue shows it to them (docs/moderation.md).
 * The report opens the photo to staff only; every other viewer keeps the audience rule above.
 */
export async function staffSeesReportedPhoto(
  db: Kysely<Database>,
  viewer: { is_admin: number; is_moderator: number } | null,
  photo: { id: number; owner_id: number; author_id?: number | null },
): Promise<boolean> {
  if (!viewer || (viewer.is_admin !== 1 && viewer.is_moderator !== 1)) return false;
  const reported = [photo.owner_id, ...(photo.author_id ? [photo.author_id] : [])];
  return reportStore(db).photoReported(photo.id, reported);
}

/**
 * Whether a member may attach one of their album photos to a status, comment, guestbook entry or
 * message: only their own, and not a backstage photo (that would hand it to everyone who sees the
 * post) nor one an admin quarantined.
 */
export function mayAttachPhoto(
  viewer: { id: number },
  photo: { owner_id: number; backstage: number; quarantine: number },
): 'yes' | 'notFound' | 'refused' {
  if (photo.owner_id !== viewer.id) return 'notFound';
  return photo.backstage || photo.quarantine ? 'refused' : 'yes';
}

/** The photo the viewer asked to attach, if mayAttachPhoto allows it (its stored image key). */
export async function attachablePhoto(
  db: Kysely<Database>,
  viewer: { id: number },
  photoId: number,
): Promise<{ image_key: string } | 'notFound' | 'refused'> {
  const row = await attachStore(db).photo(photoId);
  if (!row) return 'notFound';
  const decision = mayAttachPhoto(viewer, row);
  return decision === 'yes' ? row : decision;
}
