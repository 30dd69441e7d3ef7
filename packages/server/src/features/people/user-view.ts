import { createHash } from 'node:crypto';
import {
  FLAG_REPORTERS,
  IMAGE_PATH,
  OnlineStatusCode,
  PhotoPrivacy,
  OnlineSource as Source,
  Star,
  tierOf,
  type User,
  VideoStatus,
} from '@tertulia/contract';
import { Serialized } from '../../http/contract-routes';
import { appearsOnline, mayInitiate, maySeeItem, type Ties } from '../../policy/graph';
import { effectiveOnlineStatus, effectiveStar, isVip, nextPremiumChange } from '../../policy/premium';
import { isHidden, standingOf } from '../../policy/standing';
import type { OnlineSource } from '../../push/presence';
import { ageOn } from './age';
import type { ShownRow } from './shown-columns';

const ONLINE_STATUS_NAMES: Record<number, User['onlineStatus']> = {
  [OnlineStatusCode.INVISIBLE]: 'invisible',
  [OnlineStatusCode.BUSY]: 'busy',
};

/** A member's points, kept outside their row (people/store.ts's extras). */
export interface MemberExtras {
  chat_points: number;
  love_points: number;
  /** The broadcast on air, if any (User.broadcastId: shown to whoever may watch it, docs/live.md). */
  broadcast_id?: string;
}

/** What the viewer knows about the people being shown: their ties (policy/graph.ts), live sockets. */
export interface ViewerContext extends Ties {
  viewerId: number;
  online: Map<number, OnlineSource>;
  /** Admins also see members flagged by reports alone. */
  viewerIsAdmin?: boolean;
  /** Points of the members shown, when the caller read them. */
  extras?: Map<number, MemberExtras>;
}

export { SHOWN_COLUMNS, type ShownRow } from './shown-columns';

const parseList = (json: string | null): string[] => {
  if (json === null) return [];
  try {
    const value = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

const place = (row: ShownRow) => [row.city, row.state, row.country].filter(Boolean).join(', ') || undefined;
// imageUrl(key) with no options, without the URLSearchParams it builds for them: two per member shown.
const image = (key: string | null) => (key ? `${IMAGE_PATH}/${encodeURIComponent(key)}` : undefined);
const code = (n: number) => (n > 0 ? n : undefined);

/** The first two digits of the postal code: what the advanced search's areacode matches. */
const areacodeOf = (postal: string | null) =>
  postal && /^\d{2}/.test(postal) ? postal.slice(0, 2) : undefined;

/**
 * Points, creds and tier (docs/member-fields.md): creds are chat points plus love points plus one
 * per ten profile views; the tier follows the creds.
 */
export function applyPoints(user: User, row: ShownRow, extras: MemberExtras | undefined): void {
  const chat = extras?.chat_points ?? 0;
  const love = extras?.love_points ?? 0;
  user.chatPoints = chat;
  user.lovePoints = love;
  user.creds = chat + love + Math.floor(row.view_count / 10);
  user.tier = tierOf(user.creds);
}

/** Whether a video call to the member can happen for this viewer, else why not (VideoStatus). */
function videoFor(row: ShownRow, isFriend: boolean, source: OnlineSource | undefined): number {
  if (isHidden(row)) return VideoStatus.USER_DISABLED;
  if (row.will_accept_video_call !== 1) return VideoStatus.USER_NOT_SUPPORTED;
  if (!isFriend) return VideoStatus.FRIENDSHIP_REQUIRED;
  // The mobile site has no camera call; the apps and the web do.
  if (source === Source.MOBILE) return VideoStatus.DEVICE_NOT_SUPPORTED;
  return VideoStatus.SUPPORTED;
}

/** Where mail-in photos of the member go: names the member, not a secret (docs/member-fields.md). */
const uploadCodeOf = (row: ShownRow) =>
  createHash('sha256').update(`upload:${row.id}:${row.creation_time}`).digest('hex').slice(0, 10);

/** The public face of a member, without viewer-relative fields. */
export function toUser(row: ShownRow, now = new Date()): User {
  return {
    uid: row.id,
    name: row.name,
    firstName: row.first_name ?? undefined,
    lastName: row.last_name ?? undefined,
    age: ageOn(row.birth_date, now),
    gender: row.gender,
    about: row.about ?? undefined,
    from: place(row),
    image1: image(row.image1),
    bgImage: image(row.bg_image),
    bgStyle: row.bg_style ?? undefined,
    education: code(row.education),
    ethnicity: code(row.ethnicity),
    children: code(row.children),
    lookingFor: code(row.looking_for),
    relationshipStatus: code(row.relationship_status),
    relationshipType: code(row.relationship_type),
    // Named partners show once they confirmed (features/people/relationship.ts).
    relationshipPartnerId: row.relationship_confirmed === 1 ? code(row.relationship_partner_id) : undefined,
    sexualOrientation: code(row.sexual_orientation),
    verified: row.verified === 1,
    // VIP while its time lasts (policy/premium.ts), computed now: no job ends it.
    star: effectiveStar(row, now.getTime()),
    hasMocoStar: row.star === Star.MOCO || row.star === Star.BOTH,
    hasMocoVIPStar: isVip(row, now.getTime()),
    font: row.font ?? undefined,
    emoticon: row.emoticon_path,
    imColor: row.im_color ?? undefined,
    imBgColor: row.im_bg_color ?? undefined,
    imPermission: row.im_permission,
    messagePermission: row.message_permission,
    pmPermission: row.pm_permission,
    willAcceptVideoCall: row.will_accept_video_call === 1,
    externalLinks: parseList(row.external_links),
    creationTime: row.creation_time,
    lastAccess: row.last_access,
    viewCount: row.view_count,
    onlineStatus: ONLINE_STATUS_NAMES[effectiveOnlineStatus(row, now.getTime())],
    statusObject: statusFor(row, false, false),
    // Only an admin's flag shows to everyone; reports alone are for admins (toUserFor).
    isFlagged: row.admin_flagged === 1,
    isFanProfile: row.is_fan_profile === 1,
    isFeaturedArtist: row.is_featured_artist === 1,
    song: row.song ?? undefined,
    areacode: areacodeOf(row.postal_code),
  };
}

/**
 * The member's current status (user/updateStatus.do, kept as JSON on their row), when the item
 * rule lets this viewer see it: a view made without a viewer (a message's sender, a chat line)
 * shows public statuses only.
 */
function statusFor(row: ShownRow, isAuthor: boolean, isFriend: boolean): unknown {
  if (!row.status_object) return undefined;
  let status: { privacy?: number };
  try {
    status = JSON.parse(row.status_object);
  } catch {
    return undefined;
  }
  // Kept before statuses carried their privacy (migration 013 filled it in): shown to nobody else.
  const privacy = status.privacy ?? PhotoPrivacy.PRIVATE;
  return maySeeItem({ privacy, isAuthor, isFriend, authorPrivate: row.buddies_private === 1 })
    ? status
    : undefined;
}

/** A member as one viewer sees them: invisible looks offline, permissions resolved for the viewer. */
export function toUserFor(row: ShownRow, viewer: ViewerContext, now = new Date()): User {
  if (row.id === viewer.viewerId) {
    const self = { ...toSelf(row, now), onlineSource: viewer.online.get(row.id) };
    if (viewer.extras) applyPoints(self, row, viewer.extras.get(row.id));
    self.broadcastId = viewer.extras?.get(row.id)?.broadcast_id;
    return self;
  }
  // Filled in place: spreading the User into a new object costs V8's slow path, ~13 µs a member
  // (a page of 20 search results took longer to present than to find).
  const user = toUser(row, now);
  const id = row.id;
  const isFriend = viewer.friends.has(id);
  const isBlocked = viewer.blocked.has(id);
  // Invisible, or online visibility that leaves this viewer out: the one rule, policy/graph.ts.
  const invisible = !appearsOnline(row, isFriend);
  if (invisible) {
    user.onlineStatus = undefined;
    // An invisible member's last access would give them away.
    user.lastAccess = undefined;
  }
  user.onlineSource = invisible ? undefined : viewer.online.get(id);
  user.isFriend = isFriend;
  user.isBlocked = isBlocked;
  if (isFriend) user.statusObject = statusFor(row, false, true);
  const ties = { isFriend, blocked: isBlocked, blockedBy: viewer.blockedBy.has(id) };
  user.canInitiateIM = mayInitiate(viewer.viewerId, row, row.im_permission, ties);
  user.canInitiatePM = mayInitiate(viewer.viewerId, row, row.pm_permission, ties);
  user.video = videoFor(row, isFriend, invisible ? undefined : viewer.online.get(id));
  if (viewer.viewerIsAdmin) user.isFlagged = row.admin_flagged === 1 || row.reporters_count >= FLAG_REPORTERS;
  if (viewer.extras) applyPoints(user, row, viewer.extras.get(id));
  // Who may watch (policy/live.ts): members shown here are not blocked; private profiles: friends.
  const live = viewer.extras?.get(id)?.broadcast_id;
  if (live && (isFriend || row.buddies_private !== 1)) user.broadcastId = live;
  return user;
}

/** The caller's own User, with the logged-in flags (id, name, verified, VIP, chat gag expiration). */
export function toSelf(row: ShownRow, now = new Date()): User {
  // Filled in place: spreading into a new object literal is V8's slow path (tools/bench/README.md).
  const user = toUser(row, now);
  user.id = row.id;
  user.statusObject = statusFor(row, true, false);
  user.relationshipPartnerId = code(row.relationship_partner_id);
  user.relationshipPartnerConfirmed =
    row.relationship_partner_id > 0 ? row.relationship_confirmed === 1 : undefined;
  // The member's standing, answered once by policy/standing.ts: the web reads it as it is.
  const standing = standingOf(row, now.getTime());
  user.vip = standing.vip;
  user.vipUntil = standing.vipUntil;
  user.premiumFeatures = standing.premiumFeatures;
  user.adFree = standing.adFree;
  user.invisible = standing.invisible;
  user.vipTrialAvailable = row.vip_trial_at === 0 && !user.vip;
  user.chatGagExpiration = standing.chatGagExpiration;
  user.isAdmin = row.is_admin === 1;
  user.isModerator = row.is_moderator === 1;
  user.locale = row.locale;
  user.pledged = row.pledged_at > 0;
  user.email = row.email;
  user.country = row.country ?? undefined;
  user.state = row.state ?? undefined;
  user.city = row.city ?? undefined;
  user.postalCode = row.postal_code ?? undefined;
  user.searchProximity = row.search_proximity;
  user.dismissedTips = parseList(row.dismissed_tips);
  user.bgPhotoId = row.bg_image && row.bg_photo_id > 0 ? row.bg_photo_id : undefined;
  user.imPrivacy = row.online_visibility;
  user.uploadCode = uploadCodeOf(row);
  user.video =
    !isHidden(row) && row.will_accept_video_call === 1
      ? VideoStatus.SUPPORTED
      : VideoStatus.USER_NOT_SUPPORTED;
  return user;
}

// The parts of one's own view that change with time alone: age (a birthday) and the chat gag.
const SELF_VIEW_MS = 60_000;
const selfAnswers = new WeakMap<ShownRow, { answer: Serialized<User>; until: number }>();

/**
 * The member's own User as a whole answer (user/getLoggedInUser.do, asked on every page load),
 * made once per row: cached session rows are frozen and replaced on every write to them
 * (http/session-cache.ts), and the answer is made again after a minute, when a gag ends, or
 * when a VIP or premium feature runs out (policy/premium.ts nextPremiumChange).
 */
export function selfAnswer(row: ShownRow, resultName: string, now = Date.now()): Serialized<User> {
  const kept = selfAnswers.get(row);
  if (kept && kept.until > now) return kept.answer;
  const list = [toSelf(row, new Date(now))];
  const answer = new Serialized(list, JSON.stringify({ [resultName]: list }));
  const gagEnds = row.chat_gag_until > now ? row.chat_gag_until : Number.POSITIVE_INFINITY;
  // A VIP or feature expiry changes vip/star/premiumFeatures with no write to drop the row.
  const until = Math.min(now + SELF_VIEW_MS, gagEnds, nextPremiumChange(row, now));
  selfAnswers.set(row, { answer, until });
  return answer;
}
