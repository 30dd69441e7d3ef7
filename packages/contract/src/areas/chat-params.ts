import { Type } from '@sinclair/typebox';
import { ChatEntry, ChatRoom } from '../entities/chat';
import { LeaderboardEntry } from '../entities/economy';
import { User } from '../entities/user';
import { Id, Timestamp } from '../params';

/** Parameters and results the chat areas share (not an area: it defines no endpoint). */
export const room = { name: 'ChatRoom', schema: ChatRoom };
export const entry = { name: 'ChatEntry', schema: ChatEntry };
export const users = { name: 'User', schema: User };
export const leaders = { name: 'LeaderboardEntry', schema: LeaderboardEntry };
export const roomId = Id('the room');
export const userAndRoom = Type.Object({ userId: Id(), roomId });
export const Message = Type.String({ minLength: 1, maxLength: 1000 });
export const Since = Timestamp('epoch ms; entries after it');
export const MaxMessages = Type.Integer({ minimum: 1, maximum: 200, default: 50 });
export const errs = ['ApiNotFoundException', 'ApiForbiddenException'] as const;
