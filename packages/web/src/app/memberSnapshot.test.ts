import type { FeedEvent, User } from '@tertulia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedKey, feedSettingsKey } from '../api/areas/feed';
import { sessionKey } from '../api/areas/user';
import { createQueryClient } from '../api/query';
import { keepMemberHome, restoreMemberHome } from './memberSnapshot';

const ana: User = { uid: 7, name: 'ana' };
const event = (id: number) => ({ id, cursor: `c${id}` }) as unknown as FeedEvent;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => vi.useRealTimers());

describe("the member home's snapshot", () => {
  it('keeps the session, feed settings and the first page of the home feed; the home starts from it', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const before = createQueryClient();
    keepMemberHome(before, storage, () => 1000);
    before.setQueryData(sessionKey, ana);
    before.setQueryData(feedSettingsKey, [{ filter: 3 }]);
    before.setQueryData(feedKey(3), { pages: [[event(1)], [event(2)]], pageParams: [null, 'c1'] });
    // A profile's feed is that member's, not the home's.
    before.setQueryData(feedKey(3, 99), { pages: [[event(9)]], pageParams: [null] });
    vi.advanceTimersByTime(1000);

    const after = createQueryClient();
    expect(restoreMemberHome(after, '/html/index.jsp', storage, 2000)).toBe(true);
    expect(after.getQueryData(sessionKey)).toEqual(ana);
    expect(after.getQueryData(feedSettingsKey)).toEqual([{ filter: 3 }]);
    expect(after.getQueryData(feedKey(3))).toEqual({ pages: [[event(1)]], pageParams: [null] });
    expect(after.getQueryData(feedKey(3, 99))).toBeUndefined();
    // Stale at once: every query of the page asks the server again.
    expect(after.getQueryState(sessionKey)?.dataUpdatedAt).toBe(0);
  });

  it('is only for the home, and not once it is a week old', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const client = createQueryClient();
    keepMemberHome(client, storage, () => 0);
    client.setQueryData(sessionKey, ana);
    vi.advanceTimersByTime(1000);
    expect(restoreMemberHome(createQueryClient(), '/html/buddies.jsp', storage, 1)).toBe(false);
    expect(restoreMemberHome(createQueryClient(), '/html/index.jsp', storage, 8 * 86_400_000)).toBe(false);
    expect(restoreMemberHome(createQueryClient(), '/html/index.jsp', storage, 1)).toBe(true);
  });

  it('is removed when the session ends, and a restored session is not saved until the server confirms it', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const client = createQueryClient();
    keepMemberHome(client, storage, () => 0);
    client.setQueryData(sessionKey, ana);
    vi.advanceTimersByTime(1000);
    expect(storage.items.size).toBe(1);
    client.setQueryData(sessionKey, null);
    expect(storage.items.size).toBe(0);

    // Restored (dated 0) and never confirmed: nothing is written back.
    storage.setItem(
      'tertulia.memberHome',
      JSON.stringify({ uid: 7, savedAt: 0, queries: [{ key: sessionKey, data: ana }] }),
    );
    const restored = createQueryClient();
    keepMemberHome(restored, storage, () => 5000);
    restoreMemberHome(restored, '/html/index.jsp', storage, 10);
    vi.advanceTimersByTime(1000);
    expect(JSON.parse(storage.getItem('tertulia.memberHome')!).savedAt).toBe(0);
  });
});
