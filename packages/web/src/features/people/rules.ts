import { isVipStar, type User } from '@tertulia/contract';

/**
 * Who may do what on a profile and on the hover card. Pure
 * functions of the viewer (the logged-in member, or null) and the member shown, so every rule
 * is tested both ways without rendering.
 */

/** Staff accounts (ids up to 1100) see members' real names on the card. */
export const REAL_NAME_MAX_ID = 1100;
/** Members with ids below 2000 get the profile dialog instead of send-IM. */
export const PROFILE_DIALOG_BELOW_ID = 2000;

type Viewer = Pick<User, 'uid' | 'isAdmin'> | null;

export const isSelf = (viewer: Viewer, target: Pick<User, 'uid'>): boolean =>
  !!viewer && viewer.uid === target.uid;

/** The chat pages, where the chat private-message permission applies instead of the IM one. */
export const isChatPath = (pathname: string): boolean => pathname.startsWith('/chat/');

/**
 * Whether the target lets the viewer start a conversation: the chat private-message permission
 * in the chat pages, the IM permission elsewhere. The server answers both for this viewer
 * (canInitiatePM, canInitiateIM: blocks and bans counted, policy/graph.ts's mayInitiate); the
 * web does not re-derive them.
 */
export function mayMessage(viewer: Viewer, target: User, inChat: boolean): boolean {
  if (!viewer || isSelf(viewer, target)) return false;
  return (inChat ? target.canInitiatePM : target.canInitiateIM) === true;
}

export type CardMessageAction = 'none' | 'form' | 'profileDialog';

/** The card's message area: the form, the profile dialog (staff ids), or nothing. */
export function cardMessageAction(viewer: Viewer, target: User, inChat: boolean): CardMessageAction {
  if (!viewer || isSelf(viewer, target)) return 'none';
  if (target.uid < PROFILE_DIALOG_BELOW_ID) return 'profileDialog';
  return mayMessage(viewer, target, inChat) ? 'form' : 'none';
}

/** Add friend: only for non-friends, never for oneself. */
export function mayAddFriend(viewer: Viewer, target: User): boolean {
  return !!viewer && !isSelf(viewer, target) && !target.isFriend;
}

/** Admin tools (ban) on other members, for admins. */
export const showsAdminTools = (viewer: Viewer, target: Pick<User, 'uid'>): boolean =>
  !!viewer?.isAdmin && !isSelf(viewer, target);

/** Block, unblock and report: on other members only. */
export const maySafety = (viewer: Viewer, target: Pick<User, 'uid'>): boolean =>
  !!viewer && !isSelf(viewer, target);

/** Full name when the member gave one, else the user name. */
export function fullName(user: Pick<User, 'name' | 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.name || '';
}

/** The card's name: real names (first and last) for staff viewers, first names for the rest. */
export function cardName(viewer: Viewer, target: Pick<User, 'name' | 'firstName' | 'lastName'>): string {
  if (viewer && viewer.uid <= REAL_NAME_MAX_ID) return fullName(target);
  return target.firstName?.trim() || target.name || '';
}

// Presence moved to ui/member (avatars everywhere show it); re-exported for the people feature.
export { type Presence, presenceOf } from '../../ui/member/presence';

/**
 * Whether a member shown (anyone's card, avatar or profile) wears the VIP star: User.star as the
 * server computed it for now. Not the session's perks: those are api/areas/user.ts's isVip.
 */
export const showsVipStar = (user: Pick<User, 'star'>): boolean => isVipStar(user.star);
