import type { PushDispatcher } from '../../api/dispatcher';
import { t } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import type { ToastQueue } from '../../ui/toast/toastStore';

/**
 * The chat's share of push events on every page: an invitation is a notice that opens the room.
 * (The private-message toast, quiet on /chat/ pages, is the shell's; the room page handles the rest.)
 */
export function registerChatHandlers({
  dispatcher,
  toast,
}: {
  dispatcher: PushDispatcher;
  toast: Pick<ToastQueue, 'notice'>;
}): () => void {
  return dispatcher.on('chatInvite', (e) =>
    toast.notice(
      e.message
        ? t('push.chatInviteWithMessage', { name: e.sender.name, room: e.roomName, message: e.message })
        : t('push.chatInvite', { name: e.sender.name, room: e.roomName }),
      { href: CHAT_PATHS.room(e.roomId) },
    ),
  );
}
