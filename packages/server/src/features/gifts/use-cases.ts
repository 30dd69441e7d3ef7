import type { Deps } from '../../deps';
import { paymentProvider, stripeClient } from '../../payments/provider';
import { socialGraph } from '../../policy/graph';
import { chatUseCases } from '../chat/use-cases';
import { watchAccess } from '../live/access';
import { liveGifts } from '../live/live-gifts';
import { messagingUseCases } from '../messaging/use-cases';
import { notificationUseCases } from '../notifications/notices';
import { peopleUseCases } from '../people/use-cases';
import { giftAccount } from './account';
import { catalogue } from './catalogue';
import { goldPurchases } from './gold';
import { loveTransfers } from './love';
import { paymentStore } from './payment-store';
import { giftPurchase } from './purchase';
import { giftStore } from './store';

/** Gifts' use cases, assembled once for routes.ts and app.ts (the art route, Stripe's webhook). */
export function giftUseCases(deps: Deps) {
  const store = giftStore(deps.db);
  const payments = paymentStore(deps.db);
  const people = peopleUseCases(deps);
  const gold = goldPurchases(deps, payments, paymentProvider(deps.config));
  return {
    store,
    payments,
    gold,
    stripe: stripeClient(deps.config),
    catalogue: catalogue(store, deps.ledger),
    account: giftAccount(deps, store, people),
    /** Love points; the SHARE_LOVE screens (docs/premium.md) call `love.shareLove`. */
    love: loveTransfers(deps, people, socialGraph(deps.db)),
    ...giftPurchase(
      deps,
      store,
      people,
      messagingUseCases(deps, people),
      chatUseCases(deps, people),
      notificationUseCases(deps),
      liveGifts(deps, watchAccess(deps.db)),
    ),
  };
}

export type GiftUseCases = ReturnType<typeof giftUseCases>;
