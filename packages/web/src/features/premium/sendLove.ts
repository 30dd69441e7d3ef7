import { Type } from '@sinclair/typebox';
import { endpoint, Id, Int, Scalars } from '@tertulia/contract';
import { one } from '../../api/areas/define';

/**
 * gift/sendLove.do {receiverId, amount, idempotencyKey}: the love-points side of SHARE_LOVE is
 * built with the ledger in issue 22's branch, whose contract (areas/gift.ts) defines this call.
 * Until that lands here, the same definition is kept in this one place; at merge it becomes
 * `api.gift.sendLove` (NOTE-24). Answers the love points the sender has left.
 */
const sendLoveEndpoint = endpoint({
  area: 'gift',
  call: 'sendLove',
  method: 'POST',
  summary: 'Shares love points with a friend (SHARE_LOVE)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException', 'InsufficientFundsException'],
  params: Type.Object({
    receiverId: Id(),
    amount: Int(1, 1000),
    idempotencyKey: Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
  }),
  result: Scalars.Integer,
});

export const sendLove = /* @__PURE__ */ one(sendLoveEndpoint);
