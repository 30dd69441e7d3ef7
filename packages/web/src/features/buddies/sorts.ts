import { BuddySort } from '@tertulia/contract';
import type { MessageKey } from '../../i18n/i18n';
import './texts';

/** The five orders of the API, in the order the menu offers them. */
export const SORTS: readonly BuddySort[] = [
  BuddySort.DEFAULT,
  BuddySort.ONLINE_DEFAULT,
  BuddySort.ONLINE_ACCESS_DEFAULT,
  BuddySort.ONLINE_STATUS_DEFAULT,
  BuddySort.ALPHABETICAL,
];

export function isBuddySort(value: unknown): value is BuddySort {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/** The catalog key naming a sort in the menu; on someone else's list "my order" is theirs. */
export function sortLabelKey(sort: BuddySort, own = true): MessageKey {
  if (!own && (sort === BuddySort.DEFAULT || sort === BuddySort.ONLINE_DEFAULT))
    return `buddies.sortOther.${sort}`;
  return `buddies.sort.${sort}`;
}

/** Orders that already put online friends first: the "online first" switch adds nothing to them. */
export function putsOnlineFirst(sort: BuddySort): boolean {
  return sort.startsWith('ONLINE_');
}

/** Hand ordering (positions) shows in "my order" only, and not while online friends jump ahead. */
export function showsPositions(sort: BuddySort, onlineFirst: boolean): boolean {
  return sort === BuddySort.DEFAULT && !onlineFirst;
}
