import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query';
import { pageRoutes } from '../app/router';
import { Shell } from '../app/Shell';

// A whole page renders lazily (route chunks, texts): on a loaded 2-core machine the default 1 s of
// findBy* ran out in the chat room page test while every step worked. Waits end as soon as met.
configure({ asyncUtilTimeout: 5000 });

type Handler = (url: URL, init: RequestInit) => { status: number; body: unknown };

/** A fake server keyed by contract path: tests say what each endpoint answers. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { path: string; url: URL; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    calls.push({ path: url.pathname, url, init });
    const handler = routes[url.pathname];
    const { status, body } = handler
      ? handler(url, init)
      : { status: 404, body: { message: 'no', ApiNotFoundException: {} } };
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export function renderApp(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter([{ path: '/', element: <Shell />, children: pageRoutes }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
