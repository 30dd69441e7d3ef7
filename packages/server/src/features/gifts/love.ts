import { LOVE_SHARES_PER_DAY, PremiumFeatureKey } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid } from '../../http/errors';
import { member } from '../../ledger/ledger';
import type { SocialGraph } from '../../policy/graph';
import { hasFeature, LOVE_SHARE_WINDOW_MS, loveAllowance } from '../../policy/premium';
import type { PeopleUseCases } from '../people/use-cases';

export interface ShareLoveParams {
  receiverId: number;
  amount: number;
  idempotencyKey: string;
}

/**
 * Love points (docs/ledger.md): a ledger currency like gold. Members earn them with the gifts
 * they receive (features/gifts/purchase.ts moves them in the gift's transfer); sharing them
 * with a friend is the SHARE_LOVE premium feature. Without it, sending love answers the spec's
 * prompt to send a gift instead. The premium feature's screens (#24) call `shareLove`.
 */
export function loveTransfers(
  deps: Pick<Deps, 'ledger' | 'effects'>,
  people: Pick<PeopleUseCases, 'visible'>,
  graph: Pick<SocialGraph, 'areFriends'>,
) {
  return {
    /** The member's love points (the balance of their love account). */
    async lovePoints(viewer: UserRow): Promise<number> {
      return (await deps.ledger.balances(viewer.id)).love;
    },

    /**
     * Moves `amount` love points from the sender to a friend in one ledger transfer; never
     * below zero, once per idempotency key. Answers the sender's love points left.
     */
    async shareLove(sender: UserRow, p: ShareLoveParams): Promise<number> {
      if (p.receiverId === sender.id) throw invalid('receiverId', 'love.self');
      // Without the feature, sending love is the spec's prompt, whoever the receiver is.
      if (!hasFeature(sender, PremiumFeatureKey.SHARE_LOVE)) throw forbidden('love.gone');
      // Blocks either way hide the receiver (404).
      const receiver = await people.visible(sender, p.receiverId);
      if (!(await graph.areFriends(sender.id, receiver.id))) throw forbidden('love.friendsOnly');
      const key = `love:${sender.id}:${p.idempotencyKey}`;
      const { result } = await deps.ledger
        .run<{ left: number; total: number }>(
          { key, fingerprint: `love:${receiver.id}:${p.amount}`, kind: 'love', actorId: sender.id },
          async (trx, move, after) => {
            await move([
              { from: member(sender.id, 'love'), to: member(receiver.id, 'love'), amount: p.amount },
            ]);
            // Counted after the move: on PostgreSQL the debit holds the sender's love account
            // row, so two shares at once count one after the other and cannot both take the
            // last place. This transfer's own row is written after this work.
            const now = Date.now();
            const times = await deps.ledger.transferTimes(
              sender.id,
              'love',
              now - LOVE_SHARE_WINDOW_MS,
              LOVE_SHARES_PER_DAY,
              trx,
            );
            const allowance = loveAllowance(times, now);
            if (allowance.usagesRemaining === 0)
              throw new ApiError(
                'ApiRateLimitException',
                'love.limit',
                { count: LOVE_SHARES_PER_DAY, hours: allowance.hoursToSend },
                { retryAfterSeconds: Math.ceil((allowance.nextAt - now) / 1000) },
              );
            const total = await deps.ledger.balance(trx, receiver.id, 'love');
            after.publish([receiver.id], {
              type: 'loveReceived',
              sender: { uid: sender.id, name: sender.name, image1: sender.image1 ?? undefined },
              amount: p.amount,
              lovePoints: total,
            });
            return { left: await deps.ledger.balance(trx, sender.id, 'love'), total };
          },
        )
        .catch((error: unknown) => {
          // The ledger's shortfall speaks of gold; here it is love points.
          if (error instanceof ApiError && error.kind === 'InsufficientFundsException')
            throw new ApiError('InsufficientFundsException', 'love.insufficient');
          throw error;
        });
      return result.left;
    },
  };
}

export type LoveTransfers = ReturnType<typeof loveTransfers>;
