import type { Endpoint, ParamsOf, ResultOf } from '@tertulia/contract';
import { ApiError, apiErrorFrom, NETWORK_ERROR } from './errors';

type Value = string | number | boolean | Blob | readonly (string | number)[] | object | null | undefined;

function scalar(value: Exclude<Value, Blob | null | undefined>): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function entries(params: object): [string, Exclude<Value, null | undefined>][] {
  return Object.entries(params as Record<string, Value>).filter(
    (entry): entry is [string, Exclude<Value, null | undefined>] =>
      entry[1] !== undefined && entry[1] !== null,
  );
}

/** Builds the fetch request for an endpoint: GET as a query string, POST as JSON or multipart. */
export function requestFor(endpoint: Endpoint, params: object = {}): { url: string; init: RequestInit } {
  const list = entries(params);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(list.map(([key, value]) => [key, scalar(value as never)])).toString();
    return { url: query ? `${endpoint.path}?${query}` : endpoint.path, init: { method: 'GET', headers } };
  }
  // A Blob cannot travel in JSON: any file parameter switches the whole body to multipart.
  const isFiles = (value: unknown) => Array.isArray(value) && value.length > 0 && value[0] instanceof Blob;
  if (list.some(([, value]) => value instanceof Blob || isFiles(value))) {
    const form = new FormData();
    for (const [key, value] of list) {
      // Several files under one name (album/uploadPhotos.do): one part each.
      if (isFiles(value)) for (const file of value as Blob[]) form.append(key, file);
      else form.append(key, value instanceof Blob ? value : scalar(value));
    }
    return { url: endpoint.path, init: { method: 'POST', headers, body: form } };
  }
  headers['content-type'] = 'application/json';
  return {
    url: endpoint.path,
    init: { method: 'POST', headers, body: JSON.stringify(Object.fromEntries(list)) },
  };
}

/** How a request reaches the API: the browser's fetch, or the server's own while it renders a page. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;
let send: Send = (url, init) => fetch(url, init);

/**
 * The server's render of a member's page answers its reads in process, as that member
 * (api/serverReads.ts); the browser never calls this.
 */
export function setSend(next: Send): void {
  send = next;
}

const succeeded = new Set<(endpoint: Endpoint) => void>();

/** Told after every successful write (features react to moments, e.g. a first message sent). */
export function onWriteSucceeded(listener: (endpoint: Endpoint) => void): () => void {
  succeeded.add(listener);
  return () => succeeded.delete(listener);
}

/** Calls an endpoint and returns the list under its envelope key (`{"User":[...]}` -> User[]). */
export async function call<E extends Endpoint>(
  endpoint: E,
  params?: ParamsOf<E>,
  options: { signal?: AbortSignal } = {},
): Promise<ResultOf<E>[]> {
  const { url, init } = requestFor(endpoint, params ?? {});
  let response: Response;
  try {
    response = await send(url, { ...init, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  const results = resultsOf(endpoint, response.status, await response.text());
  if (endpoint.method === 'POST') for (const listener of succeeded) listener(endpoint);
  return results;
}

/** Reads an answer's envelope: the list under the endpoint's entity name, or the ApiError. */
export function resultsOf<E extends Endpoint>(endpoint: E, status: number, text: string): ResultOf<E>[] {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (status < 200 || status >= 300) throw apiErrorFrom(status, body);
  const list = (body as Record<string, unknown> | undefined)?.[endpoint.result.name];
  if (!Array.isArray(list)) throw new ApiError(status, 'ApiInternalException', '');
  return list as ResultOf<E>[];
}

/** For calls whose envelope holds one item (a User, a Boolean). */
export async function callOne<E extends Endpoint>(
  endpoint: E,
  params?: ParamsOf<E>,
  options?: { signal?: AbortSignal },
): Promise<ResultOf<E>> {
  const [first] = await call(endpoint, params, options);
  if (first === undefined) throw new ApiError(200, 'ApiInternalException', '');
  return first;
}
