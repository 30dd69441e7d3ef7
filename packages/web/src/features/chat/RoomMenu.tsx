import type { ChatRoom } from '@tertulia/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { confirm } from '../../ui/dialog/confirm';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { PATHS } from '../../ui/paths';
import { siteLink } from '../../ui/sheet/ShareButton';
import { toast } from '../../ui/toast/toastStore';
import styles from './Chat.module.css';
import { bossesDialog, inviteDialog, leadersDialog, moderationLogDialog, settingsDialog } from './dialogs';
import { roomTitle } from './rules';
import './texts';
import '../rewards/texts';
import '../webpush/texts';

/** The room bar's "⋯" menu: settings, invite, share, spin, bosses, leaders, log, delete, leave. */
export function RoomMenu({
  room,
  roomId,
  exit,
}: {
  room: ChatRoom;
  roomId: number;
  exit: (why: 'deleted') => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const menu = useRef<HTMLDetailsElement>(null);

  // The options menu closes on Escape and on a click elsewhere, like any menu.
  useEffect(() => {
    const close = (event: Event) => {
      const el = menu.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !el.contains(event.target as Node)) {
        el.open = false;
        if (event instanceof KeyboardEvent) el.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  const run = (action: () => void) => () => {
    if (menu.current) menu.current.open = false;
    action();
  };
  const remove = () =>
    confirm({
      title: t('chat.delete.title'),
      body: t('chat.delete.body', { room: roomTitle(room) }),
      confirmText: t('chat.delete.confirm'),
      cancelText: t('dialog.cancel'),
      onConfirm: () =>
        void chatApi.deleteRoom({ roomId }).then(
          () => exit('deleted'),
          (error) => toast.error(errorText(error)),
        ),
    });

  return (
    <details ref={menu} className={styles.menu}>
      <summary className={styles.barButton} aria-label={t('chat.more')}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className={styles.menuList}>
        <button type="button" onClick={run(() => openDialog(settingsDialog, {}))}>
          {t('chat.settings.title')}
        </button>
        <button type="button" onClick={run(() => openDialog(inviteDialog, { room }))}>
          {t('chat.invite.title')}
        </button>
        <button
          type="button"
          data-testid="share-button"
          onClick={run(() =>
            import('../../ui/sheet/share').then(({ openShareSheet }) =>
              openShareSheet({
                url: siteLink(CHAT_PATHS.room(room.id)),
                title: t('share.roomTitle', { name: roomTitle(room) }),
              }),
            ),
          )}
        >
          {t('share.button')}
        </button>
        <button
          type="button"
          data-testid="room-spin"
          onClick={run(() => navigate(`${PATHS.dailySpin}?roomId=${room.id}`))}
        >
          {t('rewards.spin.inRoom')}
        </button>
        <button type="button" onClick={run(() => openDialog(bossesDialog, { room }))}>
          {t('chat.bosses.title')}
        </button>
        <button type="button" onClick={run(() => openDialog(leadersDialog, { room }))}>
          {t('chat.leaders.title')}
        </button>
        {room.isModerator && (
          <button type="button" onClick={run(() => openDialog(moderationLogDialog, { room }))}>
            {t('chat.log.title')}
          </button>
        )}
        {room.isOwner && (
          <button type="button" className={styles.danger} onClick={run(remove)}>
            {t('chat.delete.title')}
          </button>
        )}
        <button type="button" onClick={run(() => navigate(CHAT_PATHS.list))}>
          {t('chat.leave')}
        </button>
      </div>
    </details>
  );
}
