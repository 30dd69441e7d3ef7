import type { Deps } from '../../deps';
import { paymentProvider, stripeClient } from '../../payments/provider';
import { socialGraph } from '../../policy/graph';
import { chatService } from '../chat/service';
import { messagingService } from '../messaging/service';
import { notificationService } from '../notifications/notices';
import { peopleService } from '../people/service';
import { giftAccount } from './account';
import { catalogue } from './catalogue';
import { goldPurchases } from './gold';
import { loveTransfers } from './love';
import { paymentStore } from './payment-store';
import { giftPurchase } from './purchase';
import { giftStore } from './store';

/** Gifts' use cases, assembled once for routes.ts and app.ts (the art route, Stripe's webhook). */
export function giftService(deps: Deps) {
  const store = giftStore(deps.db);
  const payments = paymentStore(deps.db);
  const people = peopleService(deps);
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
      messagingService(deps, people),
      chatService(deps, people),
      notificationService(deps),
    ),
  };
}

export type GiftService = ReturnType<typeof giftService>;
