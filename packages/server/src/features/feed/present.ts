import { imageUrl, type User, type UserStatus } from '@tertulia/contract';
import type { Selectable } from 'kysely';
import type { StatusesTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import type { LocaleCode } from '../../i18n/messages';
import { effectiveStar, isVip } from '../../policy/premium';
import { readable } from './readable-time';

/** The small shapes the feed's answers are drawn with: times, member cards, statuses. */

export const img = (k: string | null | undefined) => (k ? imageUrl(k) : undefined);

/**
 * The members on a feed page as a list shows them: name, picture, VIP star. The profile card
 * fetches the rest when it opens (web ui/member/UserLink). Each column read costs on every page
 * (better-sqlite3 builds a row object per member), so these are all it reads.
 */
export function cardUser(
  row: Pick<UserRow, 'id' | 'name' | 'image1' | 'gender' | 'star' | 'vip_until'>,
): User {
  return {
    uid: row.id,
    name: row.name,
    image1: img(row.image1),
    gender: row.gender,
    // VIP while its time lasts (policy/premium.ts).
    star: effectiveStar(row),
    hasMocoVIPStar: isVip(row),
  };
}

export function toStatus(row: Selectable<StatusesTable>, locale: LocaleCode): UserStatus {
  return {
    id: row.id,
    status: row.text,
    timestamp: row.created_at,
    readableTimestamp: readable(row.created_at, locale),
    userId: row.user_id,
    image1: img(row.image_key),
    privacy: row.privacy,
    isNSFW: row.nsfw === 1,
  };
}

/**
 * The member's current status as kept on their row (User.statusObject). It carries its privacy:
 * people/user-view.ts shows it only to those the item rule lets see it.
 */
export function statusObjectOf(row: {
  id: number;
  user_id: number;
  text: string;
  created_at: number;
  image_key: string | null;
  privacy: number;
}): string {
  return JSON.stringify({
    id: row.id,
    status: row.text,
    timestamp: row.created_at,
    userId: row.user_id,
    image1: img(row.image_key),
    privacy: row.privacy,
  });
}
