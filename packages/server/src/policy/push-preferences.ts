import { PremiumFeatureKey, PushKind } from '@tertulia/contract';
import { hasFeature, type PremiumFace } from './premium';

/** The push choices of one member, as stored (push_settings; defaults when no row). */
export interface PushChoices {
  messages: number;
  friend_requests: number;
  gifts: number;
  profile_visits: number;
  chat_private: number;
  broadcasts: number;
  media: number;
  previews: number;
}

const COLUMN: Record<PushKind, keyof PushChoices> = {
  [PushKind.MESSAGES]: 'messages',
  [PushKind.FRIEND_REQUESTS]: 'friend_requests',
  [PushKind.GIFTS]: 'gifts',
  [PushKind.PROFILE_VISITS]: 'profile_visits',
  [PushKind.CHAT_PRIVATE]: 'chat_private',
  [PushKind.BROADCASTS]: 'broadcasts',
  [PushKind.MEDIA]: 'media',
};

export const PUSH_KIND_COLUMNS = COLUMN;

/**
 * Whether a member wants this kind of notification on their devices. Who viewed my profile is the
 * WHO_VIEWED_ME perk (VIP brings it, or bought apart; the visits page names visitors only then),
 * so only members who have it now get it pushed.
 */
export function wantsPush(member: PushChoices & PremiumFace, kind: PushKind, now = Date.now()): boolean {
  if (kind === PushKind.PROFILE_VISITS && !hasFeature(member, PremiumFeatureKey.WHO_VIEWED_ME, now))
    return false;
  return member[COLUMN[kind]] !== 0;
}

/** Whether the notification may carry what was said (a message's text), or only who said something. */
export const showsPreview = (member: PushChoices) => member.previews !== 0;
