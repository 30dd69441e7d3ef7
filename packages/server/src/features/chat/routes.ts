import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { peopleUseCases } from '../people/use-cases';
import { chatUseCases } from './use-cases';

export function chatRoutes(deps: Deps) {
  const chat = chatUseCases(deps, peopleUseCases(deps));
  const c = api.chat;
  return [
    bind(c.createRoom, (p, ctx) => chat.createRoom(me(ctx), p)),
    bind(c.getRooms, (p, ctx) => chat.getRooms(me(ctx), p)),
    bind(c.getRoom, (p, ctx) => chat.getRoom(me(ctx), p)),
    bind(c.enterRoom, (p, ctx) => chat.enterRoom(me(ctx), p.roomId)),
    bind(c.leaveRoom, (p, ctx) => chat.leaveRoom(me(ctx), p.roomId)),
    bind(c.getUsersInChatRoom, (p, ctx) => chat.usersInRoom(me(ctx), p)),
    bind(c.searchUsersInRoom, (p, ctx) => chat.usersInRoom(me(ctx), p, p.name)),
    bind(c.getUsersCountInRoom, (p, ctx) => chat.usersCount(me(ctx), p.roomId)),
    bind(c.getRecentChatRooms, (p, ctx) => chat.recentRooms(me(ctx), p)),
    bind(c.sendMessage, (p, ctx) => chat.sendMessage(me(ctx), p)),
    bind(c.getMessages, (p, ctx) => chat.getMessages(me(ctx), p)),
    bind(c.sendPrivateMessage, (p, ctx) => chat.sendPrivateMessage(me(ctx), p)),
    bind(c.getPrivateMessages, (p, ctx) => chat.getPrivateMessages(me(ctx), p)),
    bind(c.getUnreadPrivateMessagesCount, (p, ctx) => chat.unreadPrivateCount(me(ctx), p.roomId)),
    bind(c.getPossibleColors, () => chat.possibleColors()),
    bind(c.setColor, (p, ctx) => chat.setColor(me(ctx), 'color', p.color)),
    bind(c.setBgColor, (p, ctx) => chat.setColor(me(ctx), 'bg_color', p.color)),
    bind(c.getPossibleEmoticons, (p, ctx) => chat.possibleEmoticons(me(ctx), p.path)),
    bind(c.setEmoticonPath, (p, ctx) => chat.setEmoticonPath(me(ctx), p.path)),
    bind(c.setLayoutStyle, (p, ctx) => chat.setLayoutStyle(me(ctx), p.style)),
    bind(c.setCollapseImages, (p, ctx) => chat.setCollapseImages(me(ctx), p.collapse)),
    bind(c.getChatConfiguration, (_p, ctx) => chat.configuration(me(ctx))),
    bind(c.kickUser, (p, ctx) => chat.kickOrBlock(me(ctx), 'kick', p)),
    bind(c.blockUser, (p, ctx) => chat.kickOrBlock(me(ctx), 'block', p)),
    bind(c.unblockUser, (p, ctx) => chat.unblock(me(ctx), p.userId, p.roomId)),
    bind(c.addModerator, (p, ctx) => chat.setModerator(me(ctx), true, p.userId, p.roomId)),
    bind(c.removeModerator, (p, ctx) => chat.setModerator(me(ctx), false, p.userId, p.roomId)),
    bind(c.gagUser, (p, ctx) => chat.gag(me(ctx), p)),
    bind(c.isModerator, (p, ctx) => chat.isModerator(me(ctx), p.roomId, p.userId)),
    bind(c.getChatRoomOwnerAndModerators, (p, ctx) => chat.ownerAndModerators(me(ctx), p.roomId)),
    bind(c.getModerationLog, (p, ctx) => chat.moderationLog(me(ctx), p)),
    bind(c.deleteRoom, (p, ctx) => chat.deleteRoom(me(ctx), p.roomId)),
    bind(c.ignoreUser, (p, ctx) => chat.ignore(me(ctx), p.userId, true)),
    bind(c.unignoreUser, (p, ctx) => chat.ignore(me(ctx), p.userId, false)),
    bind(c.isUserIgnored, (p, ctx) => chat.isIgnored(me(ctx), p.userId)),
    bind(c.reportChatUser, (p, ctx) => chat.report(me(ctx), p.userId, p.comment)),
    bind(c.sendChatInvite, (p, ctx) => chat.invite(me(ctx), p)),
    bind(c.getRoomLeaders, (p, ctx) => chat.roomLeaders(me(ctx), p)),
    bind(c.getLeaderboard, (p, ctx) => chat.leaderboard(me(ctx), p)),
  ];
}
