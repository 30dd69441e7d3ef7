import type { ChatRoom, User } from '@tertulia/contract';
import { defineDialog } from '../../ui/dialog/dialogStore';
import type { RoomRoles } from './rules';

/** The chat's dialogs: each its own chunk, loaded when it first opens. */

export const createRoomDialog = defineDialog<Record<string, never>>(() => import('./CreateRoomDialog'));
export const settingsDialog = defineDialog<Record<string, never>>(() => import('./SettingsDialog'));
export const inviteDialog = defineDialog<{ room: ChatRoom }>(() => import('./InviteDialog'));
export const bossesDialog = defineDialog<{ room: ChatRoom }>(() => import('./BossesDialog'));
export const moderationLogDialog = defineDialog<{ room: ChatRoom }>(() => import('./ModerationLogDialog'));
export const leadersDialog = defineDialog<{ room: ChatRoom }>(() => import('./LeadersDialog'));

export interface MemberProps {
  room: ChatRoom;
  user: User;
  me: number;
  /** Admins act as owners in every room. */
  isAdmin: boolean;
  roles: RoomRoles;
  onPrivate: (user: User) => void;
}
export const memberDialog = defineDialog<MemberProps>(() => import('./MemberDialog'));
