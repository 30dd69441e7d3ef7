import { describe, expect, it } from 'vitest';
import { sortFriends } from './sort';

const f = (
  id: number,
  name: string,
  extra: Partial<{ last_access: number; position: number; online_status: number }> = {},
) => ({
  id,
  name_lower: name,
  last_access: 0,
  position: 0,
  online_status: 0,
  ...extra,
});

describe('friend list orders', () => {
  const friends = [
    f(1, 'carmen', { last_access: 50 }),
    f(2, 'alba', { last_access: 10, position: 2 }),
    f(3, 'bruno', { last_access: 90, online_status: 2 }),
    f(4, 'dario', { last_access: 70, online_status: 1 }),
    f(5, 'elena', { last_access: 30, position: 1 }),
  ];
  const online = new Set([1, 3, 4]);
  const ids = (sort: Parameters<typeof sortFriends>[1]) =>
    sortFriends(friends, sort, online).map((x) => x.id);

  it('DEFAULT: pinned positions first, then by name', () => expect(ids('DEFAULT')).toEqual([5, 2, 3, 1, 4]));
  it('ALPHABETICAL', () => expect(ids('ALPHABETICAL')).toEqual([2, 3, 1, 4, 5]));
  it('ONLINE_DEFAULT: online first (invisible counts as offline), then DEFAULT', () =>
    expect(ids('ONLINE_DEFAULT')).toEqual([3, 1, 5, 2, 4]));
  it('ONLINE_ACCESS_DEFAULT: online first, then last access', () =>
    expect(ids('ONLINE_ACCESS_DEFAULT')).toEqual([3, 1, 4, 5, 2]));
  it('ONLINE_STATUS_DEFAULT: available, busy, offline', () =>
    expect(ids('ONLINE_STATUS_DEFAULT')).toEqual([1, 3, 5, 2, 4]));
  it('does not change the input', () => {
    sortFriends(friends, 'ALPHABETICAL', online);
    expect(friends.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
