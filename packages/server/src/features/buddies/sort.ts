import type { BuddySort } from '@tertulia/contract';

export interface SortableFriend {
  id: number;
  name_lower: string;
  last_access: number;
  position: number;
  /** 0 online, 1 invisible, 2 busy: the member's chosen status. */
  online_status: number;
}

/** Online as others see it: a live socket and not invisible; busy ranks after available. */
function onlineRank(f: SortableFriend, online: Set<number>): number {
  if (!online.has(f.id) || f.online_status === 1) return 2;
  return f.online_status === 2 ? 1 : 0;
}

const byName = (a: SortableFriend, b: SortableFriend) => a.name_lower.localeCompare(b.name_lower);
// Pinned friends (position 1, 2...) first in their order, then everyone else by name.
const byPosition = (a: SortableFriend, b: SortableFriend) =>
  (a.position || Number.MAX_SAFE_INTEGER) - (b.position || Number.MAX_SAFE_INTEGER) || byName(a, b);

/** The five orders of spec section 7 (buddy sort values). */
export function sortFriends<T extends SortableFriend>(
  friends: T[],
  sort: BuddySort,
  online: Set<number>,
): T[] {
  const isOnline = (f: T) => (onlineRank(f, online) < 2 ? 0 : 1);
  const compare: Record<BuddySort, (a: T, b: T) => number> = {
    DEFAULT: byPosition,
    ALPHABETICAL: byName,
    ONLINE_DEFAULT: (a, b) => isOnline(a) - isOnline(b) || byPosition(a, b),
    ONLINE_ACCESS_DEFAULT: (a, b) =>
      isOnline(a) - isOnline(b) || b.last_access - a.last_access || byName(a, b),
    ONLINE_STATUS_DEFAULT: (a, b) => onlineRank(a, online) - onlineRank(b, online) || byPosition(a, b),
  };
  return [...friends].sort(compare[sort]);
}
