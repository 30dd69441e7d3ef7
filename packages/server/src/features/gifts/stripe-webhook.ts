import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { GoldPurchases } from './gold';
import type { PaymentStore } from './payment-store';

/** Where Stripe delivers events (configure it in Stripe's dashboard with STRIPE_WEBHOOK_SECRET). */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/**
 * Stripe's webhook (docs/gifts.md): the raw body's signature is verified with Stripe's own
 * library before anything is read. A completed checkout credits the gold once (the ledger key is
 * the payment); a refund or dispute takes it back. Deliveries may repeat and arrive out of order:
 * an event about a payment not yet known answers 409 so that Stripe delivers it again later.
 */
export function registerStripeWebhook(
  app: FastifyInstance,
  stripe: Stripe | undefined,
  secret: string | undefined,
  payments: PaymentStore,
  gold: GoldPurchases,
  /** Other features' events (VIP subscriptions): true settled, false deliver again, undefined not theirs. */
  more?: (event: Stripe.Event) => Promise<boolean | undefined>,
) {
  app.register(async (scope) => {
    // The signature covers the exact bytes: the body stays a string here.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      if (!stripe || !secret) return reply.callNotFound();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          String(request.body ?? ''),
          String(request.headers['stripe-signature'] ?? ''),
          secret,
        );
      } catch {
        return reply.status(400).send({ message: 'invalid signature' });
      }
      const handled = await handle(event);
      return reply.status(handled ? 200 : 409).send({ received: handled });
    });
  });

  /** True when the event is settled (acted on or nothing to do); false to be delivered again. */
  async function handle(event: Stripe.Event): Promise<boolean> {
    const theirs = await more?.(event);
    if (theirs !== undefined) return theirs;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.payment_status !== 'paid') return true; // async payments confirm later
        const row = await payments.byProviderRef(session.id);
        if (!row) return false;
        await gold.credit(row, idOf(session.payment_intent));
        return true;
      }
      case 'charge.refunded':
      case 'charge.dispute.created': {
        const object = event.data.object as Stripe.Charge | Stripe.Dispute;
        const intent = idOf(object.payment_intent as string | { id: string } | null);
        const row = intent ? await payments.byPaymentRef(intent) : undefined;
        // The completed checkout that names this payment has not arrived yet.
        if (!row) return false;
        await gold.takeBack(row, event.type);
        return true;
      }
      default:
        return true;
    }
  }
}
