import { pushDispatcher } from '../../api/dispatcher';
import { t } from '../../i18n/i18n';
import { toast } from '../../ui/toast/toastStore';

// A friend's invitation to a game (game/inviteToGame.do) reaches the member on every page as a
// notice that opens the game; the games pages themselves stay lazy.
pushDispatcher.on('gameInvite', (e) =>
  toast.notice(
    e.message
      ? t('push.gameInviteWithMessage', { name: e.sender.name ?? '', game: e.gameName, message: e.message })
      : t('push.gameInvite', { name: e.sender.name ?? '', game: e.gameName }),
    { href: e.url },
  ),
);
