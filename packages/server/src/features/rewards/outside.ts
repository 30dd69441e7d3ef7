import type { ChatEntry, Message } from '@tertulia/contract';
import type { UserRow } from '../../http/context';

/**
 * What rewards asks of chat and messaging, to show spins and contests where they happen. Chat
 * already imports rewards (its rooms' gift boards, the spin and contest lines it shows), so
 * rewards names these shapes itself and app.ts hands it the real services.
 */
export interface RoomLines {
  /** The caller may write in the room now (inside it, not gagged). */
  checkCanWrite(viewer: UserRow, roomId: number): Promise<void>;
  /** The room exists. */
  checkRoom(roomId: number): Promise<void>;
  isInRoom(roomId: number, userId: number): Promise<boolean>;
  /** A public line with a tag ([spin], [contest]), pushed with what the tag names. */
  sendTaggedLine(
    viewer: UserRow,
    roomId: number,
    message: string,
    extra?: Partial<ChatEntry>,
  ): Promise<ChatEntry>;
}

/** A conversation named by id, or the IM with a member (`targetIds` of one, `type` IM). */
type ConversationTarget = { conversationId?: number; ownerId?: number; type?: number; targetIds?: number[] };

export interface ConversationLines {
  checkSend(sender: UserRow, p: ConversationTarget): Promise<void>;
  send(
    sender: UserRow,
    p: ConversationTarget & { message: string; clientMessageId?: string },
    extra?: Partial<Message>,
  ): Promise<unknown>;
}
