import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { Gift, Spin } from './economy';

/** The caller's daily spin and the spins others sent them (gift/getSpin.do). */
export const SpinStatus = Type.Object(
  {
    available: Type.Boolean({ description: "today's free spin is still to take" }),
    nextTime: EpochMs('epoch ms; when the next free spin opens (midnight in REWARDS_TIME_ZONE)'),
    timeZone: Type.String(),
    today: Opt(Spin),
    gifted: Type.Array(Spin, { description: 'spins sent to the caller, not spun yet' }),
    prizes: Type.Array(Gift, { description: 'the wheel, slot by slot (SPIN_WHEEL)' }),
  },
  { title: 'SpinStatus' },
);
export type SpinStatus = Static<typeof SpinStatus>;

/** What the caller may exchange gems for (GEM_OFFERS), with the balances it comes from. */
export const Gems = Type.Object(
  {
    gems: Type.Integer(),
    gold: Type.Integer(),
    offers: Type.Array(
      Type.Object({
        key: Type.String(),
        gems: Type.Integer(),
        gold: Type.Integer(),
        vipDays: Type.Integer({ description: 'days of VIP the offer gives (0: none)' }),
      }),
    ),
  },
  { title: 'Gems' },
);
export type Gems = Static<typeof Gems>;
