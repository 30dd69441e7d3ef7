import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/**
 * Gift. The snake_case names are the API's and stay as they are on the wire.
 * Prices are in gold; `value` is what the receiver earns.
 */
export const Gift = Type.Object(
  {
    id: Type.Integer(),
    name: Opt(Type.String()),
    description: Opt(Type.String()),
    image: Opt(Type.String()),
    video: Opt(Type.String()),
    price: Opt(Type.Integer()),
    discount: Opt(Type.Integer({ description: 'percent off price' })),
    discounted_price: Opt(Type.Integer()),
    value: Opt(Type.Integer()),
    start_date: Opt(EpochMs('epoch ms; on sale from')),
    end_date: Opt(EpochMs('epoch ms; on sale until (limited-time gifts)')),
    vip: Opt(Type.Boolean({ description: 'only VIP members may send it' })),
    admin: Opt(Type.Boolean({ description: 'only admins may send it' })),
    requires_voucher: Opt(Type.Boolean()),
    vouchers: Opt(Type.Integer({ description: "the caller's vouchers for this gift" })),
    tag: Opt(Type.String()),
    position: Opt(Type.Integer()),
    entrance_animation: Opt(Type.String()),
    exit_animation: Opt(Type.String()),
    preview: Opt(Type.String()),
    prizePool: Opt(Type.Array(Type.Integer(), { description: 'ids of the gifts this one may award' })),
    prizeId: Opt(Type.Integer({ description: 'the gift it awarded' })),
  },
  { title: 'Gift' },
);
export type Gift = Static<typeof Gift>;

/**
 * A gift contest (docs/rewards.md). The spec's fields are id, last_id, expiration and winners;
 * the rest are ours. last_id is the newest entry's id: a client polling a contest learns from it
 * whether anyone entered since it last looked. winners are in place order, prizes[i] is place i+1's.
 */
export const Contest = Type.Object(
  {
    id: Type.Integer(),
    last_id: Opt(Type.Integer()),
    expiration: Opt(EpochMs('epoch ms; entries and gifts count until then, and winners are drawn')),
    winners: Opt(Type.Array(User)),
    name: Opt(Type.String()),
    type: Opt(Type.String({ description: 'ContestKind: top (of a leaderboard) or random (entrants)' })),
    board: Opt(Type.String({ description: 'top contests: gifters or receivers' })),
    leaderboard: Opt(Type.String({ description: "top contests: the limited-time leaderboard's key" })),
    currency: Opt(Type.String({ description: 'gold or gems' })),
    prizes: Opt(Type.Array(Type.Integer(), { description: 'the prize pool, by place' })),
    startTime: Opt(EpochMs()),
    roomId: Opt(Type.Integer({ description: 'the chat room it runs in (random contests)' })),
    entrants: Opt(Type.Integer()),
    entered: Opt(Type.Boolean({ description: 'the caller entered' })),
    settled: Opt(Type.Boolean({ description: 'expired and its winners drawn' })),
    place: Opt(Type.Integer({ description: "the caller's winning place (1-based), if any" })),
    redeemed: Opt(Type.Boolean({ description: 'the caller redeemed their prize' })),
    cancelled: Opt(Type.Boolean({ description: 'an admin cancelled it: no winners, the pool went back' })),
  },
  { title: 'Contest' },
);
export type Contest = Static<typeof Contest>;

/** A gift spin: the wheel shows `prizes` and stops on `prize`. */
export const Spin = Type.Object(
  {
    prize: Opt(Gift),
    prizes: Opt(Type.Array(Gift)),
    sender: Opt(User),
    receiver: Opt(User),
    theme: Opt(Type.String()),
    id: Opt(Type.Integer()),
    prizeSlot: Opt(Type.Integer({ description: 'the wheel slot the prize sits in (SPIN_WHEEL)' })),
    spunTime: Opt(EpochMs('epoch ms; when it was spun (absent: not spun yet)')),
  },
  { title: 'Spin' },
);
export type Spin = Static<typeof Spin>;

/** A gift leaderboard the client can ask for by key (gift/getLimitedTimeLeaderboards.do). */
export const Leaderboard = Type.Object(
  {
    key: Type.String(),
    name: Opt(Type.String()),
    startTime: Opt(EpochMs('epoch ms; gifts count from')),
    endTime: Opt(EpochMs('epoch ms; gifts count until')),
  },
  { title: 'Leaderboard' },
);
export type Leaderboard = Static<typeof Leaderboard>;

/** One line of a gift or chat-room leaderboard. */
export const LeaderboardEntry = Type.Object(
  {
    user: Opt(User),
    score: Opt(Type.Integer()),
    rank: Opt(Type.Integer({ description: '1-based; ties ordered by member id' })),
  },
  { title: 'LeaderboardEntry' },
);
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;
