import type { Endpoint, ParamsOf, ResultOf } from '@tertulia/contract';
import { call, callOne } from '../client';

/**
 * Builders of an area's plain calls from its contract entries: `one(api.chat.enterRoom)` is a
 * function of the endpoint's params (and an optional abort signal) typed by the contract.
 */

export type CallOptions = { signal?: AbortSignal };

/** An endpoint whose envelope holds one item (the room entered, a count, a Boolean). */
export const one =
  <E extends Endpoint>(endpoint: E) =>
  (params: ParamsOf<E>, options?: CallOptions): Promise<ResultOf<E>> =>
    callOne(endpoint, params, options);

/** An endpoint that answers a list (lines, members, rooms). */
export const list =
  <E extends Endpoint>(endpoint: E) =>
  (params: ParamsOf<E>, options?: CallOptions): Promise<ResultOf<E>[]> =>
    call(endpoint, params, options);
