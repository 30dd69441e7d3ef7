import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { Leaderboard, LeaderboardEntry, Spin } from '../entities/economy';
import { Gems, SpinStatus } from '../entities/rewards';
import { GEM_OFFERS, GiftLeaderboardType, SPIN_THEMES } from '../enums';
import { Id, IdempotencyKey, Int, Page, Timestamp } from '../params';

/**
 * The competitive side of the economy, in the gift/ area: leaderboards, contests, the daily spin
 * and gems (docs/rewards.md). Kept apart from areas/gift.ts (buying and sending gifts) and
 * exposed as api.rewards.
 */
const entries = { name: 'LeaderboardEntry', schema: LeaderboardEntry };
const boardType = Type.Union(Object.values(GiftLeaderboardType).map((v) => Type.Literal(v)));
/** Where a spin is shown once spun or sent: a chat room's line (ChatEntry.spin) or a message (Message.spin). */
const ShareTo = {
  roomId: Type.Optional(Id('a chat room the caller is in: the spin shows as a line there')),
  conversationId: Type.Optional(Id('a conversation of the caller: the spin shows as a message there')),
  ownerId: Type.Optional(Id("the conversation's owner")),
};
const ResultsPerPage = Type.Integer({ minimum: 1, maximum: 100, default: 20 });

export const getLeaderboard = endpoint({
  area: 'gift',
  call: 'getLeaderboard',
  method: 'GET',
  summary:
    'Top gifters or receivers over the last days (omitted: all time), around the caller (nearMe), or of a limited-time event',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    type: Type.Optional(boardType),
    nearMe: Type.Optional(Type.Boolean({ default: false })),
    days: Type.Optional(
      Int(1, 365, { description: 'calendar days counted back from today (REWARDS_TIME_ZONE)' }),
    ),
    event: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'a limited-time leaderboard key' }),
    ),
    page: Type.Optional(Page()),
    resultsPerPage: Type.Optional(ResultsPerPage),
  }),
  result: entries,
});

export const getLeaderboardScore = endpoint({
  area: 'gift',
  call: 'getLeaderboardScore',
  method: 'GET',
  summary: "A member's all-time score and rank on the gifters or receivers board",
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id(), type: Type.Optional(boardType) }),
  result: entries,
});

export const getLimitedTimeLeaderboards = endpoint({
  area: 'gift',
  call: 'getLimitedTimeLeaderboards',
  method: 'GET',
  summary: 'Time-boxed leaderboards running now, coming, or ended in the last week, with their start and end',
  auth: 'member',
  list: { defaultLimit: 10 },
  params: Type.Object({}),
  result: { name: 'Leaderboard', schema: Leaderboard },
});

export const createLimitedTimeLeaderboard = endpoint({
  area: 'gift',
  call: 'createLimitedTimeLeaderboard',
  method: 'POST',
  summary: 'Admins: a time-boxed leaderboard; gifts sent between its start and end count on it',
  auth: 'admin',
  errors: ['ApiConflictException'],
  params: Type.Object({
    key: Type.String({ pattern: '^[a-z0-9-]{2,40}$' }),
    name: Type.String({ minLength: 1, maxLength: 60 }),
    startTime: Timestamp(),
    endTime: Timestamp(),
  }),
  result: { name: 'Leaderboard', schema: Leaderboard },
});

export const getSpin = endpoint({
  area: 'gift',
  call: 'getSpin',
  method: 'GET',
  summary:
    "The caller's daily spin (taken today or not, when the next opens), spins sent to them, and the wheel",
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'SpinStatus', schema: SpinStatus },
});

export const spin = endpoint({
  area: 'gift',
  call: 'spin',
  method: 'POST',
  movesMoney: true,
  summary:
    "Spins the wheel: today's free spin, or a spin sent to the caller (spinId). The server draws the prize",
  auth: 'member',
  errors: ['ApiConflictException', 'ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({
    spinId: Type.Optional(Id('a spin sent to the caller')),
    ...ShareTo,
    idempotencyKey: IdempotencyKey(),
  }),
  result: { name: 'Spin', schema: Spin },
});

export const sendSpin = endpoint({
  area: 'gift',
  call: 'sendSpin',
  method: 'POST',
  movesMoney: true,
  summary: 'Buys a spin (SPIN_GIFT_PRICE gold) for another member to spin',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException', 'InsufficientFundsException'],
  params: Type.Object({
    receiverId: Id(),
    theme: Type.Optional(Type.Union(SPIN_THEMES.map((t) => Type.Literal(t)))),
    idempotencyKey: IdempotencyKey(),
    conversationId: ShareTo.conversationId,
    ownerId: ShareTo.ownerId,
    directMessage: Type.Optional(
      Type.Boolean({
        description:
          "ours: the spin also arrives as a message in the caller's IM with the receiver (started if needed), as a profile's button sends it",
      }),
    ),
  }),
  result: { name: 'Spin', schema: Spin },
});

/** The spec's gift/getGems.do: the gems, and what they buy (one answer for the gems page). */
export const getGems = endpoint({
  area: 'gift',
  call: 'getGems',
  method: 'GET',
  summary:
    "The caller's gems (earned from gifts received and prizes), gold, and what gems can be exchanged for",
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'Gems', schema: Gems },
});

export const exchangeGems = endpoint({
  area: 'gift',
  call: 'exchangeGems',
  method: 'POST',
  movesMoney: true,
  summary:
    'Exchanges gems for gold at one of the offers (GEM_OFFERS); a retry with the same key exchanges once',
  auth: 'member',
  errors: ['InsufficientFundsException'],
  params: Type.Object({
    offer: Type.Union(GEM_OFFERS.map((o) => Type.Literal(o.key))),
    idempotencyKey: IdempotencyKey(),
  }),
  result: { name: 'Gems', schema: Gems },
});

export * from './contests';
