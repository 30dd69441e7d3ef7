import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { FeedEvent } from '@tertulia/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FeedPages, feedKey, fetchFeedPage } from '../../api/areas/feed';
import { type PushDispatcher, pushDispatcher } from '../../api/dispatcher';
import { NEW_POSTS_DEBOUNCE_MS, newItems } from './rules';

interface Options {
  filter: number | null;
  me: number;
  shown: readonly FeedEvent[];
  dispatcher?: PushDispatcher;
  /** The first page, asked again to count what is new (the real one by default). */
  peek?: (filter: number) => Promise<FeedEvent[]>;
}

/** Keeps only the first page of a feed list and refetches it: the newest items, no gaps. */
export async function showNewest(queryClient: QueryClient, filter: number): Promise<void> {
  const key = feedKey(filter);
  queryClient.setQueryData<FeedPages>(key, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey: key, exact: true });
}

/**
 * "N new posts": the server pushes `feedEvent` when someone the member follows posts. Pushes
 * are gathered for a moment, then the first page of the current tab is asked again and the pill
 * counts what it has that the list does not show (so every tab counts only its own items). The
 * member's own posts go straight to the top.
 */
export function useNewPosts({ filter, me, shown, dispatcher = pushDispatcher, peek }: Options) {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<FeedEvent[]>([]);
  const latest = useRef({ filter, shown, peek });
  latest.current = { filter, shown, peek };

  // A new tab starts with no pill.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the tab changes
  useEffect(() => setFresh([]), [filter]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      timer = undefined;
      const { filter: current, peek: custom } = latest.current;
      if (current === null) return;
      try {
        const page = await (custom ?? ((f: number) => fetchFeedPage({ filter: f })))(current);
        if (latest.current.filter !== current) return;
        setFresh(newItems(latest.current.shown, page));
      } catch {
        // The pill is a hint: the next push tries again.
      }
    };
    const off = dispatcher.on('feedEvent', (event) => {
      const current = latest.current.filter;
      if (current === null) return;
      if (event.userId === me) {
        void showNewest(queryClient, current);
        return;
      }
      timer ??= setTimeout(() => void check(), NEW_POSTS_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [dispatcher, me, queryClient]);

  // Items that meanwhile reached the list (a refetch) no longer count.
  const ids = new Set(shown.map((e) => e.id));
  const count = fresh.filter((e) => !ids.has(e.id)).length;

  const reveal = useCallback(async () => {
    setFresh([]);
    if (filter === null) return;
    await showNewest(queryClient, filter);
  }, [filter, queryClient]);

  return { count, reveal };
}
