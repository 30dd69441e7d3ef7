import type { GiftSource, UserRef } from '@tertulia/contract';
import { declareDialog } from '../../ui/dialog/dialogStore';

/** The gift dialog: who receives, where it goes (profile, conversation, room, broadcast). Its own chunk (app/dialogs/registry.ts). */
export interface GiftDialogProps {
  userId: number;
  userName: string;
  source: GiftSource;
  roomId?: number;
  conversationId?: number;
  ownerId?: number;
  /** In a live broadcast (source live): the streamer earns diamonds (docs/live.md). */
  broadcastId?: string;
}
export const giftDialog = declareDialog<GiftDialogProps>();

/** The received-gift help (user/getGiftHelper.do): gems, the VIP bonus and a way to VIP. */
export const giftHelperDialog = declareDialog<Record<string, never>>();

/** The spec's "love received" dialog (the `loveReceived` push): who, how much, the points now. */
export interface LoveReceivedProps {
  sender: UserRef;
  amount: number;
  lovePoints: number;
}
export const loveReceivedDialog = declareDialog<LoveReceivedProps>();

/** Sharing love points with a friend (the SHARE_LOVE premium feature). */
export const shareLoveDialog = declareDialog<{ userId?: number; userName?: string; isFriend?: boolean }>();

/**
 * The spec's gift video dialog: the gift arrives with its entrance animation, its video
 * (Gift.video) plays, then it leaves with its exit animation. Opened by the `giftReceived` push
 * and from the gift account page.
 */
export interface GiftVideoProps {
  giftId: number;
  senderName?: string;
}
export const giftVideoDialog = declareDialog<GiftVideoProps>();

/** The spec's promo dialog: the gifts on offer now (features/gifts/promo.ts). */
export const promoDialog = declareDialog<Record<string, never>>();
