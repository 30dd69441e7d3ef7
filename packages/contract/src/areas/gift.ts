import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Gift } from '../entities/economy';
import { GiftAccount, GiftSend, GoldCheckout, LedgerLine } from '../entities/gold';
import { MAX_LOVE_SHARE } from '../enums';
import { BROADCAST_ID_PATTERN } from '../enums/live';
import { Bool, Id, IdempotencyKey, Int } from '../params';

/**
 * Gold and gifts (docs/gifts.md, docs/ledger.md). Money-moving calls take an optional
 * `idempotencyKey` (ours): a retry with the same key answers the first result and moves nothing.
 */
const TagParam = Type.String({ minLength: 1, maxLength: 30 });
const GiftErrors = ['ApiNotFoundException', 'ApiForbiddenException', 'InsufficientFundsException'] as const;

export const getAll = endpoint({
  area: 'gift',
  call: 'getAll',
  method: 'GET',
  summary: 'The gift catalogue by tag and position; filterUnavailable leaves out gifts off sale now',
  auth: 'optional',
  params: Type.Object({ filterUnavailable: Type.Optional(Bool()), tag: Type.Optional(TagParam) }),
  result: { name: 'Gift', schema: Gift },
});

export const getByTag = endpoint({
  area: 'gift',
  call: 'getByTag',
  method: 'GET',
  summary: 'The gifts of one tag that are on sale now',
  auth: 'optional',
  params: Type.Object({ tag: TagParam }),
  result: { name: 'Gift', schema: Gift },
});

export const getGift = endpoint({
  area: 'gift',
  call: 'getGift',
  method: 'GET',
  summary: 'One gift (retired gifts too: old messages still show them)',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ giftId: Id() }),
  result: { name: 'Gift', schema: Gift },
});

export const purchase = endpoint({
  area: 'gift',
  call: 'purchase',
  method: 'POST',
  movesMoney: true,
  summary:
    "Buys a gift for a member and gives it where it was sent (profile, conversation, chat room): answers the sender's gold left",
  auth: 'member',
  errors: GiftErrors,
  params: Type.Object({
    giftId: Id(),
    receiverId: Id(),
    source: Type.Optional(
      Type.Union(
        [
          Type.Literal('profile'),
          Type.Literal('conversation'),
          Type.Literal('chat'),
          Type.Literal('feed'),
          Type.Literal('live'),
        ],
        {
          description:
            'where it was sent; feed (ours) is given on the profile, like profile; live (ours) in a broadcast (broadcastId): the streamer earns diamonds',
        },
      ),
    ),
    offerKey: Type.Optional(Type.String({ maxLength: 60 })),
    roomId: Type.Optional(Id('ours: the chat room a chat gift goes to')),
    conversationId: Type.Optional(
      Id('ours: the conversation a gift goes to (default: the IM with the receiver)'),
    ),
    ownerId: Type.Optional(Id('ours: the owner of conversationId')),
    broadcastId: Type.Optional(
      Type.String({ pattern: BROADCAST_ID_PATTERN, description: 'ours: the broadcast a live gift goes to' }),
    ),
    idempotencyKey: IdempotencyKey(),
  }),
  result: Scalars.Integer,
});

export const purchaseGold = endpoint({
  area: 'gift',
  call: 'purchaseGold',
  method: 'POST',
  summary:
    'Starts buying a gold package: answers the checkout to open (test provider or Stripe Checkout); the same key again answers the same checkout',
  auth: 'member',
  params: Type.Object({
    gold: Int(1, 1_000_000),
    currency: Type.Optional(Type.Union([Type.Literal('eur'), Type.Literal('usd')])),
    idempotencyKey: IdempotencyKey(),
  }),
  result: { name: 'GoldCheckout', schema: GoldCheckout },
});

export const getPayment = endpoint({
  area: 'gift',
  call: 'getPayment',
  method: 'GET',
  summary: 'Ours: one of the caller’s gold purchases (the checkout pages show it)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ paymentId: Id() }),
  result: { name: 'GoldCheckout', schema: GoldCheckout },
});

export const confirmTestPayment = endpoint({
  area: 'gift',
  call: 'confirmTestPayment',
  method: 'POST',
  movesMoney: true,
  summary: "Ours: the test provider's checkout page pays (nothing is charged); credits the gold once",
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({ paymentId: Id(), idempotencyKey: IdempotencyKey() }),
  result: { name: 'GoldCheckout', schema: GoldCheckout },
});

export const fetchMocoGoldBalance = endpoint({
  area: 'premiumfeature',
  call: 'fetchMocoGoldBalance',
  method: 'GET',
  summary: "The caller's gold (the header shows it)",
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Integer,
});

export const getAccount = endpoint({
  area: 'gift',
  call: 'getAccount',
  method: 'GET',
  summary: "Ours: the caller's gold, gems and love points (the gift account page)",
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'GiftAccount', schema: GiftAccount },
});

export const getGiftsReceived = endpoint({
  area: 'gift',
  call: 'getGiftsReceived',
  method: 'GET',
  summary: 'Ours: gifts the caller received, newest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: { name: 'GiftSend', schema: GiftSend },
});

export const getGiftsSent = endpoint({
  area: 'gift',
  call: 'getGiftsSent',
  method: 'GET',
  summary: 'Ours: gifts the caller sent, newest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: { name: 'GiftSend', schema: GiftSend },
});

export const getLedgerHistory = endpoint({
  area: 'gift',
  call: 'getLedgerHistory',
  method: 'GET',
  summary: "Ours: the caller's ledger lines (gold, gems, love points), newest first",
  auth: 'member',
  list: { defaultLimit: 30 },
  params: Type.Object({}),
  result: { name: 'LedgerLine', schema: LedgerLine },
});

export const sendLove = endpoint({
  area: 'gift',
  call: 'sendLove',
  method: 'POST',
  movesMoney: true,
  summary:
    "Ours: shares love points with a friend (the SHARE_LOVE premium feature, LOVE_SHARES_PER_DAY times in any 24 hours); without it the answer is the spec's prompt to send a gift. Answers the love points left",
  auth: 'member',
  errors: [
    'ApiNotFoundException',
    'ApiForbiddenException',
    'InsufficientFundsException',
    'ApiRateLimitException',
  ],
  params: Type.Object({
    receiverId: Id(),
    amount: Int(1, MAX_LOVE_SHARE),
    idempotencyKey: IdempotencyKey(),
  }),
  result: Scalars.Integer,
});

export const getGiftHelper = endpoint({
  area: 'user',
  call: 'getGiftHelper',
  method: 'GET',
  summary: 'The received-gift help: the first item tells whether the caller has seen it',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Boolean,
});

export const setGiftHelper = endpoint({
  area: 'user',
  call: 'setGiftHelper',
  method: 'POST',
  summary: 'Records that the caller has seen the received-gift help',
  auth: 'member',
  params: Type.Object({ type: Type.Literal('received') }),
  result: Scalars.Boolean,
});

const GiftFields = {
  name: Type.String({ minLength: 1, maxLength: 60 }),
  nameEn: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  description: Type.Optional(Type.String({ maxLength: 300 })),
  art: Type.Optional(Type.String({ pattern: '^[a-z]+:#[0-9a-f]{6}:#[0-9a-f]{6}$' })),
  price: Int(1, 100_000),
  discount: Type.Optional(Int(0, 90)),
  value: Int(1, 100_000),
  startDate: Type.Optional(Type.Integer({ minimum: 0 })),
  endDate: Type.Optional(Type.Integer({ minimum: 0 })),
  vip: Type.Optional(Bool()),
  admin: Type.Optional(Bool()),
  requiresVoucher: Type.Optional(Bool()),
  tag: TagParam,
  position: Type.Optional(Int(0, 10_000)),
  entranceAnimation: Type.Optional(Type.String({ maxLength: 30 })),
  exitAnimation: Type.Optional(Type.String({ maxLength: 30 })),
};

export const addGift = endpoint({
  area: 'gift',
  call: 'addGift',
  method: 'POST',
  summary: 'Ours, admins: adds a gift to the catalogue',
  auth: 'admin',
  errors: ['ApiForbiddenException'],
  params: Type.Object(GiftFields),
  result: { name: 'Gift', schema: Gift },
});

export const editGift = endpoint({
  area: 'gift',
  call: 'editGift',
  method: 'POST',
  summary: 'Ours, admins: changes a gift (the fields given)',
  auth: 'admin',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ giftId: Id(), ...Type.Partial(Type.Object(GiftFields)).properties }),
  result: { name: 'Gift', schema: Gift },
});

export const retireGift = endpoint({
  area: 'gift',
  call: 'retireGift',
  method: 'POST',
  summary: 'Ours, admins: takes a gift off the catalogue (gifts already given still show it)',
  auth: 'admin',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ giftId: Id() }),
  result: Scalars.Boolean,
});

export const grantVoucher = endpoint({
  area: 'gift',
  call: 'grantVoucher',
  method: 'POST',
  movesMoney: true,
  summary: 'Ours, admins: gives a member vouchers for a voucher gift',
  auth: 'admin',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ userId: Id(), giftId: Id(), count: Int(1, 100), idempotencyKey: IdempotencyKey() }),
  result: Scalars.Integer,
});
