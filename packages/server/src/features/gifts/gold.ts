import { GOLD_PACKAGES, type GoldCheckout } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { member, system } from '../../ledger/ledger';
import type { PaymentProvider } from '../../payments/provider';
import type { PaymentRow, PaymentStore } from './payment-store';

export const GOLD_SHOP_PATH = '/html/gold/shop.jsp';

const toCheckout = (row: PaymentRow, url = ''): GoldCheckout => ({
  paymentId: row.id,
  url,
  provider: row.provider,
  gold: row.gold,
  amount: row.amount_cents,
  currency: row.currency,
  state: row.state,
});

/**
 * Buying gold (docs/gifts.md): a purchase opens a checkout with the provider; the gold arrives
 * once the provider confirms, through one ledger transfer per payment (key `payment:<id>`), so a
 * confirmation delivered many times credits once. A refund or dispute takes the gold back, and
 * only this path may leave a member below zero.
 */
export function goldPurchases(deps: Pick<Deps, 'ledger'>, payments: PaymentStore, provider: PaymentProvider) {
  return {
    async purchaseGold(
      user: UserRow,
      p: { gold: number; currency?: 'eur' | 'usd'; idempotencyKey: string },
    ): Promise<GoldCheckout> {
      const pack = GOLD_PACKAGES.find((g) => g.gold === p.gold);
      if (!pack) throw invalid('gold', 'gold.unknownPackage');
      const currency = p.currency ?? 'eur';
      // One checkout per key: a retried or double-clicked purchase answers the one it opened.
      const again = async () => {
        const earlier = await payments.byRequestKey(user.id, p.idempotencyKey);
        if (!earlier) return undefined;
        if (earlier.gold !== pack.gold || earlier.currency !== currency)
          throw invalid('idempotencyKey', 'ledger.keyReused');
        return toCheckout(earlier, earlier.checkout_url ?? '');
      };
      const earlier = await again();
      if (earlier) return earlier;
      const row = await payments
        .insert({
          request_key: p.idempotencyKey,
          user_id: user.id,
          provider: provider.name,
          // Replaced by the provider's id below; unique meanwhile.
          provider_ref: `new_${user.id}_${Date.now()}_${Math.random().toString(36).slice(2)}`,
          gold: pack.gold,
          amount_cents: pack[currency],
          currency,
          now: Date.now(),
        })
        .catch(async (error: unknown) => {
          // A concurrent twin under the same key inserted first: its checkout is the answer.
          if (
            /unique|duplicate/i.test(String(error)) &&
            (await payments.byRequestKey(user.id, p.idempotencyKey))
          )
            return undefined;
          throw error;
        });
      if (!row) return (await again())!;
      const checkout = await provider.createCheckout({
        paymentId: row.id,
        userId: user.id,
        gold: pack.gold,
        amountCents: pack[currency],
        currency,
        returnUrl: `${GOLD_SHOP_PATH}?payment=${row.id}`,
      });
      await payments.setProviderRef(row.id, checkout.ref, checkout.url);
      return toCheckout(row, checkout.url);
    },

    async getPayment(user: UserRow, paymentId: number): Promise<GoldCheckout> {
      const row = await payments.byId(paymentId);
      if (!row || row.user_id !== user.id) throw notFound('gold.paymentNotFound');
      return toCheckout(row);
    },

    /** The test provider's page pays: nothing is charged, the gold is credited once. */
    async confirmTestPayment(user: UserRow, paymentId: number): Promise<GoldCheckout> {
      const row = await payments.byId(paymentId);
      if (!row || row.user_id !== user.id) throw notFound('gold.paymentNotFound');
      if (row.provider !== 'test') throw forbidden('gold.testProviderOnly');
      await this.credit(row);
      return toCheckout((await payments.byId(paymentId))!);
    },

    /** Credits a paid payment's gold exactly once (any number of confirmations). */
    async credit(row: PaymentRow, paymentRef?: string): Promise<boolean> {
      const { result } = await deps.ledger.run(
        {
          key: `payment:${row.id}`,
          fingerprint: `payment:${row.id}`,
          kind: 'purchase',
          actorId: row.user_id,
        },
        async (trx, move) => {
          if (!(await payments.transition(trx, row.id, 'pending', 'paid', paymentRef))) return false;
          await move([{ from: system('issued', 'gold'), to: member(row.user_id, 'gold'), amount: row.gold }]);
          return true;
        },
      );
      return result;
    },

    /** A refund or dispute: the gold goes back, even below zero (the system may overdraw). */
    async takeBack(row: PaymentRow, reason: string): Promise<boolean> {
      const { result } = await deps.ledger.run(
        { key: `refund:${row.id}`, fingerprint: `refund:${row.id}`, kind: 'refund', reason },
        async (trx, move) => {
          if (await payments.transition(trx, row.id, 'paid', 'refunded')) {
            await move([
              {
                from: member(row.user_id, 'gold'),
                to: system('issued', 'gold'),
                amount: row.gold,
                mayOverdraw: true,
              },
            ]);
            return true;
          }
          // Refunded before it was ever credited: it never will be.
          await payments.transition(trx, row.id, 'pending', 'refunded');
          return false;
        },
      );
      return result;
    },
  };
}

export type GoldPurchases = ReturnType<typeof goldPurchases>;
