import type { QueryClient } from '@tanstack/react-query';
import { api, GiftSource, type User } from '@tertulia/contract';
import { sessionKey } from '../../api/areas/user';
import type { PushDispatcher } from '../../api/dispatcher';
import { giftVideoDialog, loveReceivedDialog } from '../../features/gifts/dialogs';
import { rewardDialog } from '../../features/rewards/dialogs';
import { t } from '../../i18n/i18n';
import { type DialogStore, dialogs as openDialogs } from '../../ui/dialog/dialogStore';
import { PATHS } from '../../ui/paths';
import type { ToastQueue } from '../../ui/toast/toastStore';

/** Offline messages of category 3 are friend requests. */
const FRIEND_REQUEST_CATEGORY = 3;
/** Street-wars journal notices open this game. */
const STREET_WARS_GID = 1000;

interface Deps {
  dispatcher: PushDispatcher;
  queryClient: QueryClient;
  toast: ToastQueue;
  pathname: () => string;
  /** After the session ended elsewhere (logout, password change, ban): go to the logged-out home. */
  onSessionEnded?: () => void;
  /** Where dialogs open (the app's dialog host; tests pass their own). */
  dialogs?: Pick<DialogStore, 'open'>;
}

/**
 * The shell's share of push events: notices that link somewhere. Messages and typing belong
 * to the messaging feature, which registers its own handlers.
 */
export function registerShellHandlers({
  dispatcher,
  queryClient,
  toast,
  pathname,
  onSessionEnded,
  dialogs = openDialogs,
}: Deps): () => void {
  const off = [
    dispatcher.on('sessionEnded', () => {
      queryClient.setQueryData<User | null>(sessionKey, null);
      void queryClient.invalidateQueries();
      onSessionEnded?.();
    }),
    dispatcher.on('notification', (e) => toast.notice(e.text, { href: e.url })),
    dispatcher.on('buddyOnline', (e) =>
      toast.notice(t('push.buddyOnline', { name: e.user.name }), { href: PATHS.profile(e.user.uid) }),
    ),
    dispatcher.on('profileVisit', (e) => {
      // The visits page, if open, shows the new visit (only active queries refetch).
      void queryClient.invalidateQueries({ queryKey: [api.people.getProfileVisitors.path] });
      // Without access to the visitor's name the notice opens the profile-visits page.
      if (e.hasaccess && e.user)
        toast.notice(t('push.profileVisit', { name: e.user.name }), { href: PATHS.profile(e.user.uid) });
      else toast.notice(t('push.profileVisitHidden'), { href: PATHS.profileVisits });
    }),
    dispatcher.on('offlineMessage', (e) =>
      e.category === FRIEND_REQUEST_CATEGORY
        ? toast.notice(t('push.friendRequest', { name: e.sender.name }), { href: PATHS.buddyRequests })
        : toast.notice(t('push.offlineMessage', { name: e.sender.name })),
    ),
    dispatcher.on('streetWarsJournal', (e) =>
      toast.notice(e.text, { href: PATHS.game(STREET_WARS_GID, e.url) }),
    ),
    dispatcher.on('giftReceived', (e) => {
      // A gift in a broadcast shows over its video (features/live/GiftOverlay): no dialog over the studio.
      if (e.source === GiftSource.LIVE) return;
      toast.loveReceived(t('push.giftReceived', { name: e.sender.name, gift: e.giftName }), {
        href: PATHS.giftsAccount,
      });
      // The gift arrives with its entrance and video (features/gifts/GiftVideoDialog, its own chunk).
      dialogs.open(giftVideoDialog, { giftId: e.giftId, senderName: e.sender.name });
    }),
    dispatcher.on('contestWon', (e) =>
      // The gold bonus/reward dialog: the place, the prize, and the way to collect it.
      dialogs.open(rewardDialog, {
        kind: 'contestWon',
        amount: e.prize,
        currency: e.currency === 'gems' ? 'gems' : 'gold',
        place: e.place,
        contestName: e.name,
        contestId: e.contestId,
      }),
    ),
    dispatcher.on('loveReceived', (e) => {
      // The spec's "love received" dialog (features/gifts/LoveReceivedDialog, its own chunk);
      // the account page, if open, shows the new points.
      void queryClient.invalidateQueries({ queryKey: [api.gift.getAccount.path] });
      void queryClient.invalidateQueries({ queryKey: [api.gift.getLedgerHistory.path] });
      dialogs.open(loveReceivedDialog, { sender: e.sender, amount: e.amount, lovePoints: e.lovePoints });
    }),
    dispatcher.on('chatPrivateMessage', (e) => {
      // The chat pages show private messages themselves.
      if (pathname().startsWith(PATHS.chat)) return;
      // The notice opens the room the message was written in (the chat feature's /chat/room/{id}).
      toast.notice(t('push.chatPrivate', { name: e.sender.name, message: e.message }), {
        href: `${PATHS.chat}room/${e.roomId}`,
      });
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
