import { GEM_OFFERS, type Gems } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError } from '../../http/errors';
import { member, system } from '../../ledger/ledger';
import { isVip } from '../../policy/premium';
import { extendVipIn } from '../premium/grant';

/**
 * Gems: earned from gifts received and from prizes, exchanged for gold or VIP days at the
 * published offers (GEM_OFFERS). An exchange is one ledger transfer, so the books stay balanced.
 */
export function gems(deps: Pick<Deps, 'ledger' | 'feedLog'>) {
  async function get(viewer: UserRow): Promise<Gems[]> {
    const balances = await deps.ledger.balances(viewer.id);
    return [
      {
        gems: balances.gems,
        gold: balances.gold,
        offers: GEM_OFFERS.map((o) => ({ key: o.key, gems: o.gems, gold: o.gold, vipDays: o.vipDays })),
      },
    ];
  }

  return {
    get,

    async exchange(viewer: UserRow, p: { offer: string; idempotencyKey: string }): Promise<Gems[]> {
      const offer = GEM_OFFERS.find((o) => o.key === p.offer)!;
      try {
        await deps.ledger.run(
          {
            key: `gems:${viewer.id}:${p.idempotencyKey}`,
            fingerprint: `gems:${offer.key}`,
            kind: 'gem-exchange',
            actorId: viewer.id,
          },
          async (trx, move) => {
            await move([
              { from: member(viewer.id, 'gems'), to: system('exchange', 'gems'), amount: offer.gems },
              ...(offer.gold > 0
                ? [{ from: system('exchange', 'gold'), to: member(viewer.id, 'gold'), amount: offer.gold }]
                : []),
            ]);
            // VIP days are no currency: the member's VIP end moves in the same transaction.
            if (offer.vipDays > 0)
              await extendVipIn(trx, viewer.id, offer.vipDays, {
                feedLog: deps.feedLog,
                wasVip: isVip(viewer),
                cause: `gems:${p.idempotencyKey}`,
              });
            return offer.key;
          },
        );
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'InsufficientFundsException')
          throw new ApiError('InsufficientFundsException', 'rewards.notEnoughGems');
        throw error;
      }
      return get(viewer);
    },
  };
}
