import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { Gift } from './economy';
import { User } from './user';

/** A started gold purchase: the browser goes to `url` (the provider's checkout page) to pay. */
export const GoldCheckout = Type.Object(
  {
    paymentId: Type.Integer(),
    url: Type.String(),
    provider: Type.String({ description: 'test or stripe' }),
    gold: Type.Integer(),
    amount: Type.Integer({ description: 'cents' }),
    currency: Type.String({ description: 'eur or usd' }),
    state: Type.String({ description: 'pending, paid or refunded' }),
  },
  { title: 'GoldCheckout' },
);
export type GoldCheckout = Static<typeof GoldCheckout>;

/** A gift given: who to whom, where, what it cost the sender and earned the receiver. */
export const GiftSend = Type.Object(
  {
    id: Type.Integer(),
    gift: Gift,
    sender: Opt(User),
    receiver: Opt(User),
    source: Type.String({ description: 'profile, conversation or chat' }),
    roomId: Opt(Type.Integer()),
    conversationId: Opt(Type.Integer()),
    price: Type.Integer({ description: 'gold paid' }),
    value: Type.Integer({ description: 'gems earned by the receiver' }),
    timestamp: EpochMs(),
  },
  { title: 'GiftSend' },
);
export type GiftSend = Static<typeof GiftSend>;

/** One line of a member's ledger history: what moved their gold, gems or love points. */
export const LedgerLine = Type.Object(
  {
    id: Type.Integer(),
    currency: Type.String({ description: 'gold, gems or love' }),
    amount: Type.Integer({ description: 'positive in, negative out' }),
    kind: Type.String({ description: 'gift, purchase, grant, refund' }),
    reason: Opt(Type.String()),
    timestamp: EpochMs(),
  },
  { title: 'LedgerLine' },
);
export type LedgerLine = Static<typeof LedgerLine>;

/** The caller's balances (gift account page and header). */
export const GiftAccount = Type.Object(
  {
    gold: Type.Integer(),
    gems: Type.Integer(),
    lovePoints: Type.Integer(),
    isVIP: Type.Boolean(),
  },
  { title: 'GiftAccount' },
);
export type GiftAccount = Static<typeof GiftAccount>;
