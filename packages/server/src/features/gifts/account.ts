import {
  type GiftAccount,
  GiftHelperType,
  type GiftSend,
  type LedgerLine,
  type User,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import type { LocaleCode } from '../../i18n/messages';
import { isVip } from '../../policy/premium';
import type { PeopleUseCases } from '../people/use-cases';
import { toGift } from './present';
import type { GiftStore } from './store';

type Paging = { page?: number; limit?: number };

/** The member's side of gifts: balances, gifts received and sent, the ledger's lines, the help flag. */
export function giftAccount(deps: Pick<Deps, 'ledger'>, store: GiftStore, people: PeopleUseCases) {
  async function sends(
    viewer: UserRow,
    locale: LocaleCode,
    side: 'receiver_id' | 'sender_id',
    p: Paging,
  ): Promise<GiftSend[]> {
    const rows = await store.sends(viewer.id, side, p.limit ?? 20, ((p.page ?? 1) - 1) * (p.limit ?? 20));
    const gifts = new Map(
      (await store.byIds([...new Set(rows.map((r) => r.gift_id))])).map((g) => [g.id, g]),
    );
    const userRows = await store.usersByIds([...new Set(rows.flatMap((r) => [r.sender_id, r.receiver_id]))]);
    const users = new Map<number, User>((await people.present(viewer, userRows)).map((u) => [u.uid, u]));
    return rows.flatMap((r) => {
      const gift = gifts.get(r.gift_id);
      if (!gift) return [];
      return [
        {
          id: r.id,
          gift: toGift(gift, locale),
          sender: users.get(r.sender_id),
          receiver: users.get(r.receiver_id),
          source: r.source,
          roomId: r.room_id ?? undefined,
          conversationId: r.conversation_id ?? undefined,
          price: r.price,
          value: r.value,
          timestamp: Number(r.created_at),
        },
      ];
    });
  }

  return {
    async gold(viewer: UserRow): Promise<number> {
      return (await deps.ledger.balances(viewer.id)).gold;
    },

    async account(viewer: UserRow): Promise<GiftAccount> {
      const balances = await deps.ledger.balances(viewer.id);
      return { gold: balances.gold, gems: balances.gems, lovePoints: balances.love, isVIP: isVip(viewer) };
    },

    received: (viewer: UserRow, locale: LocaleCode, p: Paging) => sends(viewer, locale, 'receiver_id', p),
    sent: (viewer: UserRow, locale: LocaleCode, p: Paging) => sends(viewer, locale, 'sender_id', p),

    async history(viewer: UserRow, p: Paging): Promise<LedgerLine[]> {
      const limit = p.limit ?? 30;
      return deps.ledger.history(viewer.id, limit, ((p.page ?? 1) - 1) * limit);
    },

    helperSeen: (viewer: UserRow) => store.helperSeen(viewer.id, GiftHelperType.RECEIVED),

    async setHelperSeen(viewer: UserRow, type: string): Promise<boolean> {
      await store.setHelperSeen(viewer.id, type, Date.now());
      return true;
    },
  };
}
