import {
  type ChatEntry,
  FeedEventType,
  GiftSource,
  LOVE_PER_GIFT,
  NotificationKind,
  VIP_GIFT_BONUS_PERCENT,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound } from '../../http/errors';
import { member, system, voucher } from '../../ledger/ledger';
import { isVip } from '../../policy/premium';
import type { LiveGifts, LiveGiftTarget } from '../live/live-gifts';
import type { MessagingUseCases } from '../messaging/use-cases';
import type { NotificationUseCases } from '../notifications/notices';
import { notify } from '../notifications/notify';
import type { PeopleUseCases } from '../people/use-cases';
import { recordGiftForLeaderboards } from '../rewards/record';
import { isOnSale, priceOf } from './pricing';
import type { GiftStore } from './store';

export const GIFTS_ACCOUNT_PATH = '/html/gifts/account.jsp';

export interface PurchaseParams {
  giftId: number;
  receiverId: number;
  source?: 'profile' | 'conversation' | 'chat' | 'feed' | 'live';
  offerKey?: string;
  roomId?: number;
  conversationId?: number;
  ownerId?: number;
  /** A live gift's broadcast (source live). */
  broadcastId?: string;
  /** Required by the contract (movesMoney): a retry with it pays once. */
  idempotencyKey: string;
}

/** What the receiver earns: the gift's value, 10 % more for a VIP receiver. */
export const earnedBy = (receiver: Pick<UserRow, 'star' | 'vip_until'>, value: number) =>
  isVip(receiver) ? Math.floor((value * (100 + VIP_GIFT_BONUS_PERCENT)) / 100) : value;

interface Stored {
  gold: number;
  sendId: number;
  noticeId?: number;
}

/**
 * What a gift in a chat room needs of the chat (features/chat/messages.ts implements it): the
 * sender may write there, then the room's gift line. Declared here so gifts do not import chat.
 */
export interface GiftRoomLines {
  checkGiftLine(sender: UserRow, roomId: number, receiverId: number): Promise<void>;
  sendGiftLine(sender: UserRow, roomId: number, giftId: number): Promise<ChatEntry>;
}

/**
 * Sending a gift (docs/gifts.md): the rules are checked, then one ledger transfer debits the
 * sender, credits the receiver's gems and records the gift, its feed event (27) and its notice;
 * after commit the gift is delivered where it was sent and the receiver hears `giftReceived`.
 */
export function giftPurchase(
  deps: Pick<Deps, 'ledger' | 'effects' | 'feedLog'>,
  store: GiftStore,
  people: PeopleUseCases,
  messaging: Pick<MessagingUseCases, 'checkSend' | 'send'>,
  chat: GiftRoomLines,
  notices: Pick<NotificationUseCases, 'deliver'>,
  live: Pick<LiveGifts, 'check' | 'record' | 'giftRef'>,
) {
  /** Where the gift goes, checked before any gold moves (a gift is paid only if it can arrive). */
  async function checkDestination(
    sender: UserRow,
    p: PurchaseParams,
    source: string,
  ): Promise<LiveGiftTarget | undefined> {
    if (source === GiftSource.LIVE) return live.check(sender, p.broadcastId, p.receiverId);
    if (source === GiftSource.CHAT) {
      if (p.roomId === undefined) throw invalid('roomId', 'gifts.roomRequired');
      await chat.checkGiftLine(sender, p.roomId, p.receiverId);
    } else if (source === GiftSource.CONVERSATION) {
      await messaging.checkSend(sender, conversationOf(p));
    }
  }

  const conversationOf = (p: PurchaseParams) =>
    p.conversationId !== undefined
      ? { conversationId: p.conversationId, ownerId: p.ownerId }
      : { targetIds: [p.receiverId] };

  /** After commit: the gift line in the conversation or room. A failure here loses no money: the gift is on both account pages. */
  async function deliver(sender: UserRow, p: PurchaseParams, source: string, sendId: number) {
    const line = `[gift]${p.giftId}[/gift]`;
    if (source === GiftSource.CHAT && p.roomId !== undefined)
      await chat.sendGiftLine(sender, p.roomId, p.giftId);
    if (source === GiftSource.CONVERSATION)
      await messaging.send(sender, {
        message: line,
        ...conversationOf(p),
        clientMessageId: `gift-${sendId}`,
      });
  }

  return {
    async purchase(sender: UserRow, p: PurchaseParams): Promise<number> {
      const source = p.source ?? GiftSource.PROFILE;
      if (p.receiverId === sender.id) throw invalid('receiverId', 'gifts.self');
      const gift = await store.byId(p.giftId);
      if (!gift || gift.retired) throw notFound('gifts.notFound');
      if (!isOnSale(gift, Date.now())) throw forbidden('gifts.unavailable');
      if (gift.vip && !isVip(sender)) throw forbidden('gifts.vipOnly');
      if (gift.admin && !sender.is_admin) throw forbidden('gifts.adminOnly');
      // The receiver must be someone the sender may see: blocks either way hide them (policy/graph.ts).
      const receiver = await people.visible(sender, p.receiverId);
      const broadcast = await checkDestination(sender, p, source);

      const price = priceOf(gift);
      const earned = earnedBy(receiver, gift.value);
      const key = `gift:${sender.id}:${p.idempotencyKey}`;
      const fingerprint = `gift:${p.giftId}:${p.receiverId}:${source}:${p.roomId ?? ''}:${p.conversationId ?? ''}${broadcast ? `:${broadcast.broadcastId}` : ''}`;
      const { result, replayed } = await deps.ledger.run<Stored>(
        { key, fingerprint, kind: 'gift', actorId: sender.id },
        async (trx, move, after) => {
          // The receiver earns gems (diamonds in a broadcast: docs/live.md) and love points; a
          // voucher gift is paid with one voucher instead of gold.
          const coin = broadcast ? 'diamonds' : 'gems';
          const rewards = [
            { from: system('rewards', coin), to: member(receiver.id, coin), amount: earned },
            { from: system('rewards', 'love'), to: member(receiver.id, 'love'), amount: LOVE_PER_GIFT },
          ];
          if (gift.requires_voucher) {
            // One voucher of this gift, a ledger currency: spent like gold, never below zero.
            const currency = voucher(gift.id);
            await move([
              { from: member(sender.id, currency), to: system('spent', currency), amount: 1 },
            ]).catch((error: unknown) => {
              throw error instanceof ApiError && error.kind === 'InsufficientFundsException'
                ? forbidden('gifts.voucherRequired')
                : error;
            });
            await move(rewards);
          } else {
            await move([
              { from: member(sender.id, 'gold'), to: system('sales', 'gold'), amount: price },
              ...rewards,
            ]);
          }
          const now = Date.now();
          const sendId = await store.insertSend(trx, {
            transfer_key: key,
            gift_id: gift.id,
            sender_id: sender.id,
            receiver_id: receiver.id,
            source,
            conversation_id: p.conversationId ?? null,
            room_id: source === GiftSource.CHAT ? (p.roomId ?? null) : null,
            price: gift.requires_voucher ? 0 : price,
            value: earned,
            created_at: now,
          });
          // The leaderboards count the gold paid, in this transaction (features/rewards/record.ts).
          await recordGiftForLeaderboards(trx, {
            senderId: sender.id,
            receiverId: receiver.id,
            score: gift.requires_voucher ? 0 : price,
            roomId: source === GiftSource.CHAT ? p.roomId : undefined,
            at: now,
          });
          // A live gift's news is the broadcast's 303 (once per broadcast), not one 27 per gift.
          if (broadcast)
            await live.record(trx, after, {
              target: broadcast,
              sender,
              gift: live.giftRef({ ...gift, name: receiver.locale === 'en' ? gift.name_en : gift.name }),
              diamonds: earned,
              now,
            });
          else
            await deps.feedLog.recordOnce(trx, {
              type: FeedEventType.GIFT_RECEIVED,
              userId: receiver.id,
              key: `gift:${sendId}`,
              properties: { 'source.user': sender.id, 'target.user': receiver.id, gift: gift.id },
              aboutId: sender.id,
              now,
            });
          const noticeId = await notify(
            trx,
            {
              userId: receiver.id,
              kind: NotificationKind.GIFT_RECEIVED,
              actorId: sender.id,
              url: GIFTS_ACCOUNT_PATH,
            },
            now,
          );
          after.publish([receiver.id], {
            type: 'giftReceived',
            giftId: gift.id,
            sender: { uid: sender.id, name: sender.name, image1: sender.image1 ?? undefined },
            giftName: receiver.locale === 'en' ? gift.name_en : gift.name,
            source,
          });
          after.run(() => notices.deliver([noticeId]));
          return { gold: await deps.ledger.balance(trx, sender.id, 'gold'), sendId, noticeId };
        },
      );
      // A retry delivers again: conversations drop the twin by its client id; rooms got it the first time.
      if (!replayed || source === GiftSource.CONVERSATION) {
        await deliver(sender, p, source, result.sendId).catch(() => undefined);
      }
      return result.gold;
    },
  };
}
