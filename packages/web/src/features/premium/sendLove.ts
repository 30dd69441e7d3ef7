import { API_PREFIX, type Endpoint } from '@tertulia/contract';
import { callOne } from '../../api/client';

/**
 * gift/sendLove.do {receiverId, amount, idempotencyKey}: the love-points side of SHARE_LOVE is
 * built with the ledger in issue 22's branch, whose contract (areas/gift.ts) defines this call.
 * Until that lands here, this one place describes it as the slim contract would (path from area
 * and call, like every other); at merge it becomes `one(api.gift.sendLove)` (NOTE-24). Answers
 * the love points the sender has left.
 */
const sendLoveEndpoint = {
  area: 'gift',
  call: 'sendLove',
  path: `${API_PREFIX}/gift/sendLove.do`,
  method: 'POST',
  auth: 'member',
  result: { name: 'Integer' },
  multipart: false,
} as unknown as Endpoint;

export const sendLove = (params: { receiverId: number; amount: number; idempotencyKey?: string }) =>
  callOne(sendLoveEndpoint, params as never) as Promise<number>;
