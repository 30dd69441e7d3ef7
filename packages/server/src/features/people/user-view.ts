import type { User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { ageOn } from '../accounts/rules';

const ONLINE_STATUS_NAMES: Record<number, User['onlineStatus']> = { 1: 'invisible', 2: 'busy' };

/** A member as others see them. Features add the viewer-relative fields (isFriend, canInitiateIM). */
export function toUser(row: UserRow, now = new Date()): User {
  const vip = row.star === 2 || row.star === 3;
  return {
    uid: row.id,
    name: row.name,
    age: ageOn(row.birth_date, now),
    gender: row.gender,
    verified: row.verified === 1,
    star: row.star,
    hasMocoStar: row.star === 1 || row.star === 3,
    hasMocoVIPStar: vip,
    creationTime: row.creation_time,
    lastAccess: row.last_access,
    onlineStatus: ONLINE_STATUS_NAMES[row.online_status],
  };
}

/** The caller's own User, with the spec's logged-in flags (id, name, verified, VIP, chat gag expiration). */
export function toSelf(row: UserRow, now = new Date()): User {
  return {
    ...toUser(row, now),
    id: row.id,
    vip: row.star === 2 || row.star === 3,
    chatGagExpiration: row.chat_gag_until > now.getTime() ? row.chat_gag_until : 0,
    isAdmin: row.is_admin === 1,
    locale: row.locale,
  };
}
