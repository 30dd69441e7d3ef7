import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query, QueryClient, QueryOptions } from '@tanstack/react-query';
import { setSend } from './client';

/**
 * A member's page drawn on the server with its answers (docs/first-paint.md, "Members"). The page's
 * components ask their queries as in the browser; the server's render cannot wait on a query, so it
 * draws the page, asks every query the drawing wanted and the cache lacks, and draws again, until
 * nothing new is wanted (the session, then the page's lists, then what depends on them).
 */

/** One of our API's reads, answered in process as the member whose page is drawn. */
export type ApiGet = (pathAndQuery: string) => Promise<{ status: number; body: string }>;

/** Whose reads the queries being fetched make: each render's own, across its awaits. */
const readingAs = new AsyncLocalStorage<ApiGet>();

// Only reads, and only for a page being drawn: anything else fails, and the browser asks it itself.
setSend(async (url, init) => {
  const get = readingAs.getStore();
  if (!get || (init.method ?? 'GET') !== 'GET') throw new Error('not a read of a page being drawn');
  const { status, body } = await get(url);
  return new Response(status === 204 || status === 304 ? null : body, { status });
});

/** Rounds of asking at most: the home's chain (session, lists, suggestions) takes three. */
const MAX_ROUNDS = 4;

/**
 * Watches which queries a drawing wants: those its components ask with `enabled` (the options
 * each query hook resolves through the client), so a disabled one is never fetched here. The
 * options are kept: a query the cache made first (set by a push handler, say) has no queryFn of
 * its own, and an infinite list's paging comes with its hook's options.
 */
function wantedQueries(client: QueryClient) {
  const wanted = new Map<string, QueryOptions>();
  const resolve = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof resolve>[0]) => {
    const resolved = resolve(options);
    const hash = resolved.queryHash;
    if (hash && resolved.enabled !== false)
      wanted.set(hash, { ...wanted.get(hash), ...(resolved as QueryOptions) });
    return resolved;
  }) as typeof client.defaultQueryOptions;
  /** The options to fetch `query` with, or undefined when the drawing does not want it. */
  const optionsFor = (query: Query): QueryOptions | undefined => {
    const options = wanted.get(query.queryHash);
    if (typeof options?.queryFn !== 'function') return undefined;
    const enabled = (options as { enabled?: unknown }).enabled;
    return typeof enabled === 'function' && enabled(query) === false ? undefined : options;
  };
  return { optionsFor, clear: () => wanted.clear() };
}

/**
 * Draws with `draw` until the page wants no query it has not asked, asking through `get`; returns
 * the last drawing, which matches the cache: what was answered is drawn with its data, what failed
 * or was left is drawn waiting, as the browser draws it before asking (it is not in the page data).
 */
export async function drawWithAnswers<Drawing>(
  client: QueryClient,
  get: ApiGet,
  draw: () => Promise<Drawing>,
): Promise<Drawing> {
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  const watched = wantedQueries(client);
  const asked = new Set<string>();
  for (let round = 1; ; round++) {
    watched.clear();
    const drawing = await draw();
    const due = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && !asked.has(q.queryHash) && watched.optionsFor(q));
    if (due.length === 0 || round > MAX_ROUNDS) return drawing;
    for (const query of due) asked.add(query.queryHash);
    await readingAs.run(get, () =>
      Promise.all(due.map((q) => q.fetch(watched.optionsFor(q)).catch(() => undefined))),
    );
    // A failed answer is not sent to the browser: drawn waiting here, it is asked again there.
    for (const query of due) if (query.state.status === 'error') query.reset();
  }
}
