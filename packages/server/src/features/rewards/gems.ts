import { GEM_OFFERS, type Gems } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError } from '../../http/errors';
import { member, system } from '../../ledger/ledger';

/**
 * Gems: earned from gifts received and from prizes, exchanged for gold at the published offers
 * (GEM_OFFERS). Both legs of an exchange are one ledger transfer, so the books stay balanced.
 */
export function gems(deps: Pick<Deps, 'ledger'>) {
  async function get(viewer: UserRow): Promise<Gems[]> {
    const balances = await deps.ledger.balances(viewer.id);
    return [
      {
        gems: balances.gems,
        gold: balances.gold,
        offers: GEM_OFFERS.map((o) => ({ key: o.key, gems: o.gems, gold: o.gold })),
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
          async (_trx, move) => {
            await move([
              { from: member(viewer.id, 'gems'), to: system('exchange', 'gems'), amount: offer.gems },
              { from: system('exchange', 'gold'), to: member(viewer.id, 'gold'), amount: offer.gold },
            ]);
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
