import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { Endpoint, ParamsOf } from '@tertulia/contract';
import { call } from './client';
import { ApiError } from './errors';

/** Query keys start with the endpoint path, so a whole area can be invalidated by prefix. */
export function keyOf<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>) {
  return params === undefined ? ([endpoint.path] as const) : ([endpoint.path, params] as const);
}

export function listQuery<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>) {
  return {
    queryKey: keyOf(endpoint, params),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(endpoint, params, { signal }),
  };
}

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows the error itself (forms); otherwise it becomes a toast. */
    mutationMeta: { silent?: boolean };
    queryMeta: { toastOnError?: boolean };
  }
}

function retry(failureCount: number, error: unknown): boolean {
  // Client errors will fail the same way again; only transient ones are retried.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Where failed queries (marked `toastOnError`) and mutations (not `silent`) are reported. The
 * shell plugs in the UI's error handler (toasts, the verify prompt); api/ never imports ui/.
 */
let reportError: (error: unknown) => void = () => undefined;
export function setQueryErrorHandler(handler: (error: unknown) => void): void {
  reportError = handler;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.toastOnError) reportError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) reportError(error);
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
