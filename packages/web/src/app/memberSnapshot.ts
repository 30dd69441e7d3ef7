import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { type FeedPages, feedKey, feedSettingsKey } from '../api/areas/feed';
import { sessionKey } from '../api/areas/user';
import { PATHS } from '../ui/paths';

/**
 * The member's home paints from this device's last answers (docs/first-paint.md): who is logged
 * in, the feed settings and the first page of each home feed tab are kept in localStorage, and a
 * later visit of the home starts from them (marked stale, so each is asked again at once) instead
 * of waiting for the session answer. Logging out, or a session the server no longer knows,
 * removes them. Only the home starts this way: other pages wait for the session as before.
 */

const STORAGE_KEY = 'tertulia.memberHome';
/** An older snapshot is not shown: the member has probably been logged out by then. */
const MAX_AGE_MS = 7 * 86_400_000;
/** Writes are gathered: a burst of answers (the first screen's) costs one write. */
const SAVE_DELAY_MS = 1000;
const FEED_PATH = feedKey(0)[0];

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface Snapshot {
  uid: number;
  savedAt: number;
  queries: { key: QueryKey; data: unknown }[];
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

function read(storage: Storage): Snapshot | undefined {
  try {
    const snapshot = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Snapshot | null;
    return snapshot && Array.isArray(snapshot.queries) ? snapshot : undefined;
  } catch {
    return undefined;
  }
}

/** What the home's first screen reads, as cached now (the feed's first page only). */
function homeQueries(queryClient: QueryClient): Snapshot['queries'] {
  const queries: Snapshot['queries'] = [{ key: sessionKey, data: queryClient.getQueryData(sessionKey) }];
  const settings = queryClient.getQueryData(feedSettingsKey);
  if (settings !== undefined) queries.push({ key: feedSettingsKey, data: settings });
  // The home's tabs: feed lists of nobody in particular (a profile's feed names its member).
  for (const [key, feed] of queryClient.getQueriesData<FeedPages>({ queryKey: [FEED_PATH] })) {
    const params = key[1] as { userId?: number } | undefined;
    if (params?.userId !== undefined || key[2] !== 'pages' || !feed?.pages.length) continue;
    queries.push({ key, data: { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) } });
  }
  return queries;
}

/**
 * Puts the last snapshot in the cache when the home is opened; answers whether it did. Each entry
 * is dated 0, so every query the page mounts asks the server again while the page already shows.
 */
export function restoreMemberHome(
  queryClient: QueryClient,
  pathname: string,
  storage: Storage,
  now = Date.now(),
): boolean {
  if (pathname !== PATHS.home && pathname !== '/') return false;
  const snapshot = read(storage);
  if (!snapshot || now - snapshot.savedAt > MAX_AGE_MS) return false;
  for (const { key, data } of snapshot.queries) queryClient.setQueryData(key, data, { updatedAt: 0 });
  return true;
}

/** Keeps the snapshot up to date with the cache; answers a function that stops. */
export function keepMemberHome(queryClient: QueryClient, storage: Storage, now = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const user = queryClient.getQueryData<User | null>(sessionKey);
    // Only a session the server confirmed (a restored one is dated 0 until it answers).
    if (!user || !queryClient.getQueryState(sessionKey)?.dataUpdatedAt) return;
    const snapshot: Snapshot = { uid: user.uid, savedAt: now(), queries: homeQueries(queryClient) };
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(snapshot));
    } catch {
      // Storage full or blocked: the home waits for the network, as without a snapshot.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const query = event.query;
    const isSession = sameKey(query.queryKey, sessionKey);
    // Logged out (or the session ended): nothing of the member stays on the device.
    if (isSession && query.state.status === 'success' && query.state.data === null) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      storage.removeItem(STORAGE_KEY);
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (timer === undefined) timer = setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
