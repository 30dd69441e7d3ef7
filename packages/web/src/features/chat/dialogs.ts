import type { ChatRoom, User } from '@tertulia/contract';
import { declareDialog } from '../../ui/dialog/dialogStore';
import type { RoomRoles } from './rules';

/** The chat's dialogs: each its own chunk (bound in app/dialogs/registry.ts), loaded when it first opens. */

export const createRoomDialog = declareDialog<Record<string, never>>();
export const settingsDialog = declareDialog<Record<string, never>>();
export const inviteDialog = declareDialog<{ room: ChatRoom }>();
export const bossesDialog = declareDialog<{ room: ChatRoom }>();
export const moderationLogDialog = declareDialog<{ room: ChatRoom }>();
export const leadersDialog = declareDialog<{ room: ChatRoom }>();

export interface MemberProps {
  room: ChatRoom;
  user: User;
  me: number;
  /** Admins act as owners in every room. */
  isAdmin: boolean;
  roles: RoomRoles;
  onPrivate: (user: User) => void;
}
export const memberDialog = declareDialog<MemberProps>();
