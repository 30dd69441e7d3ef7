import type { User } from '@tertulia/contract';
import { declareDialog, dialogs, openDialog } from '../../ui/dialog/dialogStore';
import { navigateTo } from '../../ui/navigation';
import { type ConversationRef, imStore } from './imStore';
import { IM_PATHS } from './paths';

/** The messaging windows: each is its own chunk (bound in app/dialogs/registry.ts), fetched the first time it opens. */

export interface ViewImProps extends ConversationRef {
  /** Set when the window starts before the conversation exists (send IM to someone). */
  target?: Pick<User, 'uid' | 'name'> & Partial<User>;
  /** Filled with the host's key right after opening: the open list names windows by it. */
  handle?: { key?: number };
}
/** The same window serves "send IM" (to a member) and "view IM" (a conversation). */
export const viewImDialog = declareDialog<ViewImProps>();
export const sendImDialog = viewImDialog;

export interface InviteProps extends ConversationRef {}
export const inviteDialog = declareDialog<InviteProps>();

/** The group owner's settings: name, read-only, allow-invite. */
export interface GroupSettingsProps {
  conversationId: number;
}
export const groupSettingsDialog = declareDialog<GroupSettingsProps>();

export interface OfflineComposeProps {
  destId?: number;
  destName?: string;
  subject?: string;
}
export const offlineComposeDialog = declareDialog<OfflineComposeProps>();

/** Phones (40rem and narrower) open a conversation as its own page, not a floating window. */
export function isPhone(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 40rem)').matches;
}

/** Opens (or brings back) the window of a conversation; on a phone, its full-screen page. */
export function openConversation(ref: ConversationRef): number {
  if (isPhone()) {
    navigateTo(IM_PATHS.conversation(ref));
    return -1;
  }
  const existing = imStore.dialogFor(ref.conversationId);
  if (existing !== undefined) {
    dialogs.maximize(existing);
    return existing;
  }
  const handle: { key?: number } = {};
  const key = openDialog(viewImDialog, { ...ref, handle });
  handle.key = key;
  imStore.viewOpened({ ...ref, dialogKey: key, focused: false });
  return key;
}

/** The send-IM window for a member (the conversation is found or created on the first send). */
export function openSendIm(target: NonNullable<ViewImProps['target']>): number {
  const handle: { key?: number } = {};
  handle.key = openDialog(sendImDialog, { conversationId: 0, target, handle });
  return handle.key;
}

export function openOfflineCompose(props: OfflineComposeProps): number {
  return openDialog(offlineComposeDialog, props);
}

/** Windows closed by the host (a chunk that failed to load) leave the open list too. */
dialogs.subscribe(() => imStore.prune(new Set(dialogs.getState().map((d) => d.key))));
