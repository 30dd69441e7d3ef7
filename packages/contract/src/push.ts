import type { ChatEntry } from './entities/chat';
import type { Message } from './entities/messaging';

/**
 * Push frames on the WebSocket at /servlet/push: JSON `{"type": ..., ...}`.
 * Features add their event types here; the web dispatcher switches on `type`.
 */
export const PUSH_PATH = '/servlet/push';

export interface UserRef {
  uid: number;
  name: string;
  image1?: string;
}

export type PushEvent =
  | { type: 'hello'; userId: number; serverTime: number }
  | { type: 'message'; conversationId: number; ownerId: number; conversationType: number; message: Message }
  | { type: 'typing'; conversationId: number; ownerId: number; user: UserRef }
  | { type: 'buddyOnline'; user: UserRef }
  | { type: 'profileVisit'; user?: UserRef; hasaccess: boolean }
  | { type: 'offlineMessage'; id: number; category: number; sender: UserRef; subject?: string }
  | { type: 'streetWarsJournal'; text: string; url: string }
  | { type: 'notification'; id: number; kind: string; text: string; url?: string; unreadCount?: number }
  /** A friend (or followed member) posted a feed event the receiver may see: "N new posts". */
  | { type: 'feedEvent'; eventId: number; eventType: number; userId: number }
  | { type: 'chatPrivateMessage'; roomId: number; sender: UserRef; message: string }
  | { type: 'chatEntry'; roomId: number; entry: ChatEntry }
  /** Someone entered or left a room, or was kicked or blocked out of it (the target hears it too). */
  | { type: 'chatRoomUser'; roomId: number; user: UserRef; action: 'entered' | 'left' | 'kicked' | 'blocked' }
  | { type: 'chatRoomDeleted'; roomId: number }
  | { type: 'chatInvite'; roomId: number; roomName: string; sender: UserRef; message?: string }
  | {
      type: 'giftReceived';
      giftId: number;
      sender: UserRef;
      giftName: string;
      image?: string;
      /** Where it was sent (GiftSource): a live gift is drawn over the broadcast, not in a dialog. */
      source?: string;
    }
  /** The receiver won a place in a contest that just ended: the prize waits for gift/redeemReward.do. */
  | { type: 'contestWon'; contestId: number; name: string; place: number; prize: number; currency: string }
  /** Love points a friend shared (gift/sendLove.do); `lovePoints` is the receiver's new total. */
  | { type: 'loveReceived'; sender: UserRef; amount: number; lovePoints: number }
  /** The caller's story upload: percent while transcoding, then ready (or failed with a message). */
  | {
      type: 'storyProgress';
      storyId: number;
      state: 'processing' | 'ready' | 'failed';
      percent: number;
      message?: string;
    }
  /** A view-once video finished processing (or failed): its tiles turn active. */
  | { type: 'ephemeralReady'; postId: number; authorId: number; state: 'ready' | 'failed' }
  /** To the author: a recipient looked at their view-once item (seconds used so far). */
  | { type: 'ephemeralViewed'; postId: number; viewer: UserRef; viewTime: number }
  /** A friend invited the receiver to a game (game/inviteToGame.do); `url` opens it (/games?gid=..). */
  | { type: 'gameInvite'; gameId: number; gameName: string; sender: UserRef; url: string; message?: string }
  /** A built-in game's live event (features/games/events.ts), forwarded by the game page to that game's frame only. */
  | { type: 'gameEvent'; gid: number; name: string; data: unknown }
  /** Live (docs/live.md), to the streamer and the broadcast's viewers: the viewer count changed. */
  | { type: 'liveViewers'; broadcastId: string; viewers: number }
  /** The broadcast ended (streamer, admin, dropped stream or time limit): the watch page stops. */
  | {
      type: 'liveEnded';
      broadcastId: string;
      userId: number;
      reason: 'streamer' | 'admin' | 'dropped' | 'timeLimit';
    }
  /** A gift sent in the broadcast, for the overlay; `diamonds` is the broadcast's total so far. */
  | { type: 'liveGift'; broadcastId: string; sender: UserRef; gift: LiveGiftRef; diamonds: number }
  | { type: 'sessionEnded' };

/** The gift a liveGift push carries: enough to draw its animation over the video. */
export interface LiveGiftRef {
  id: number;
  name: string;
  image: string;
  entrance_animation?: string;
  exit_animation?: string;
}

export type PushType = PushEvent['type'];

/** WebSocket close codes: 1012 tells the client the server restarts and to reconnect. */
export const PushClose = { restart: 1012, unauthorized: 4401, sessionEnded: 4403 } as const;

/** The client's heartbeat: it sends `{"type":"ping"}`; the server answers `{"type":"pong"}`. */
export const HEARTBEAT_MS = 25_000;
