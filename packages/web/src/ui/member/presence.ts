import type { User } from '@tertulia/contract';

export type Presence = 'online' | 'busy' | 'offline';

/**
 * The server sends onlineSource only while a socket is open and hides invisible members
 * (no source, no status), so they look offline like anyone else who is away.
 */
export function presenceOf(user: Pick<User, 'onlineSource' | 'onlineStatus'>): Presence {
  if (!user.onlineSource || user.onlineStatus === 'invisible') return 'offline';
  return user.onlineStatus === 'busy' ? 'busy' : 'online';
}
