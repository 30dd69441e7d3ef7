import { api } from '@tertulia/contract';
import { callOne } from '../client';
import { list, one } from './define';

/**
 * Calls of the chat area: one typed function per endpoint the chat pages
 * use, built from the contract entry. Query keys and hooks stay with the pages (features/chat).
 */

const c = api.chat;

export const getChatConfiguration = /* @__PURE__ */ one(c.getChatConfiguration);
export const getPossibleColors = /* @__PURE__ */ list(c.getPossibleColors);
export const setColor = /* @__PURE__ */ one(c.setColor);
export const setBgColor = /* @__PURE__ */ one(c.setBgColor);
export const setLayoutStyle = /* @__PURE__ */ one(c.setLayoutStyle);
export const setEmoticonPath = /* @__PURE__ */ one(c.setEmoticonPath);
export const setCollapseImages = /* @__PURE__ */ one(c.setCollapseImages);

export const getRooms = /* @__PURE__ */ list(c.getRooms);
export const getRecentChatRooms = /* @__PURE__ */ list(c.getRecentChatRooms);
export const createRoom = /* @__PURE__ */ one(c.createRoom);
export const deleteRoom = /* @__PURE__ */ one(c.deleteRoom);
export const enterRoom = /* @__PURE__ */ one(c.enterRoom);
export const leaveRoom = /* @__PURE__ */ one(c.leaveRoom);
export const sendChatInvite = /* @__PURE__ */ one(c.sendChatInvite);

export const getMessages = /* @__PURE__ */ list(c.getMessages);
export const sendMessage = /* @__PURE__ */ list(c.sendMessage);
export const getUsersInChatRoom = /* @__PURE__ */ list(c.getUsersInChatRoom);
export const searchUsersInRoom = /* @__PURE__ */ list(c.searchUsersInRoom);
export const getChatRoomOwnerAndModerators = /* @__PURE__ */ list(c.getChatRoomOwnerAndModerators);
export const getRoomLeaders = /* @__PURE__ */ list(c.getRoomLeaders);
/** chat/getLeaderboard.do: a room's chatters, or (type gifters / receivers) its gift board. */
export const getLeaderboard = /* @__PURE__ */ list(c.getLeaderboard);

export const getPrivateMessages = /* @__PURE__ */ list(c.getPrivateMessages);
export const sendPrivateMessage = /* @__PURE__ */ list(c.sendPrivateMessage);
export const getUnreadPrivateMessagesCount = /* @__PURE__ */ one(c.getUnreadPrivateMessagesCount);

export const isUserIgnored = /* @__PURE__ */ one(c.isUserIgnored);
export const ignoreUser = /* @__PURE__ */ one(c.ignoreUser);
export const unignoreUser = /* @__PURE__ */ one(c.unignoreUser);
export const reportChatUser = /* @__PURE__ */ one(c.reportChatUser);

export const getModerationLog = /* @__PURE__ */ list(c.getModerationLog);
export const unblockUser = /* @__PURE__ */ one(c.unblockUser);

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
