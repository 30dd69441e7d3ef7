import { api } from '@tertulia/contract';
import { callOne } from '../client';
import { list, one } from './define';

/**
 * Calls of the chat area (spec section 7, chat): one typed function per endpoint the chat pages
 * use, built from the contract entry. Query keys and hooks stay with the pages (features/chat).
 */

const c = api.chat;

export const getChatConfiguration = one(c.getChatConfiguration);
export const getPossibleColors = list(c.getPossibleColors);
export const setColor = one(c.setColor);
export const setBgColor = one(c.setBgColor);
export const setLayoutStyle = one(c.setLayoutStyle);
export const setEmoticonPath = one(c.setEmoticonPath);
export const setCollapseImages = one(c.setCollapseImages);

export const getRooms = list(c.getRooms);
export const getRecentChatRooms = list(c.getRecentChatRooms);
export const createRoom = one(c.createRoom);
export const deleteRoom = one(c.deleteRoom);
export const enterRoom = one(c.enterRoom);
export const leaveRoom = one(c.leaveRoom);
export const sendChatInvite = one(c.sendChatInvite);

export const getMessages = list(c.getMessages);
export const sendMessage = list(c.sendMessage);
export const getUsersInChatRoom = list(c.getUsersInChatRoom);
export const searchUsersInRoom = list(c.searchUsersInRoom);
export const getChatRoomOwnerAndModerators = list(c.getChatRoomOwnerAndModerators);
export const getRoomLeaders = list(c.getRoomLeaders);

export const getPrivateMessages = list(c.getPrivateMessages);
export const sendPrivateMessage = list(c.sendPrivateMessage);
export const getUnreadPrivateMessagesCount = one(c.getUnreadPrivateMessagesCount);

export const isUserIgnored = one(c.isUserIgnored);
export const ignoreUser = one(c.ignoreUser);
export const unignoreUser = one(c.unignoreUser);
export const reportChatUser = one(c.reportChatUser);

export const getModerationLog = list(c.getModerationLog);
export const unblockUser = one(c.unblockUser);

/** What an owner, moderator or admin may do to a member of the room (features/chat ModAction). */
const MOD_CALLS = {
  kick: c.kickUser,
  block: c.blockUser,
  gag: c.gagUser,
  addModerator: c.addModerator,
  removeModerator: c.removeModerator,
} as const;

/** One moderation act on a member in a room (`minutes` for kicks, blocks and gags). */
export function moderate(
  action: keyof typeof MOD_CALLS,
  params: { userId: number; roomId: number; minutes?: number },
) {
  return callOne(MOD_CALLS[action], params as never);
}
