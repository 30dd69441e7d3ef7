import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import type { GiftUseCases } from './use-cases';

export function giftRoutes(_deps: Deps, gifts: GiftUseCases) {
  const g = api.gift;
  const { catalogue, account, gold, love } = gifts;
  return [
    bind(g.getAll, (p, ctx) => catalogue.getAll(ctx.user, ctx.locale, p)),
    bind(g.getByTag, (p, ctx) => catalogue.getByTag(ctx.user, ctx.locale, p.tag)),
    bind(g.getGift, (p, ctx) => catalogue.getGift(ctx.user, ctx.locale, p.giftId)),
    bind(g.purchase, (p, ctx) => gifts.purchase(me(ctx), p)),
    bind(g.purchaseGold, (p, ctx) => gold.purchaseGold(me(ctx), p)),
    bind(g.getPayment, (p, ctx) => gold.getPayment(me(ctx), p.paymentId)),
    bind(g.confirmTestPayment, (p, ctx) => gold.confirmTestPayment(me(ctx), p.paymentId)),
    bind(g.fetchMocoGoldBalance, (_p, ctx) => account.gold(me(ctx))),
    bind(g.getAccount, (_p, ctx) => account.account(me(ctx))),
    bind(g.getGiftsReceived, (p, ctx) => account.received(me(ctx), ctx.locale, p)),
    bind(g.getGiftsSent, (p, ctx) => account.sent(me(ctx), ctx.locale, p)),
    bind(g.getLedgerHistory, (p, ctx) => account.history(me(ctx), p)),
    bind(g.sendLove, (p, ctx) => love.shareLove(me(ctx), p)),
    bind(g.getGiftHelper, (_p, ctx) => account.helperSeen(me(ctx))),
    bind(g.setGiftHelper, (p, ctx) => account.setHelperSeen(me(ctx), p.type)),
    bind(g.addGift, (p, ctx) => catalogue.add(ctx.locale, p)),
    bind(g.editGift, (p, ctx) => catalogue.edit(ctx.locale, p)),
    bind(g.retireGift, (p) => catalogue.retire(p.giftId)),
    bind(g.grantVoucher, (p, ctx) => catalogue.grantVoucher(me(ctx), p)),
  ];
}
