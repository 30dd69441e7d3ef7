import { useQuery } from '@tanstack/react-query';
import type { ChatRoom } from '@tertulia/contract';
import { call } from '../../api/client';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { formatTime } from '../../ui/time/formatTime';
import styles from './Chat.module.css';
import { c } from './queries';

const ACTIONS: Record<string, MessageKey> = {
  kick: 'chat.log.kick',
  block: 'chat.log.block',
  gag: 'chat.log.gag',
  addModerator: 'chat.log.addModerator',
  removeModerator: 'chat.log.removeModerator',
};

/** What the owner and moderators did in the room, newest first. */
export default function ModerationLogDialog({ dialog, room }: DialogComponentProps<{ room: ChatRoom }>) {
  const { t } = useI18n();
  const { data, isPending, isError } = useQuery({
    queryKey: [c.getModerationLog.path, room.id],
    queryFn: ({ signal }) => call(c.getModerationLog, { roomId: room.id }, { signal }),
  });
  return (
    <DialogFrame title={t('chat.log.title')} dialog={dialog}>
      {isPending ? (
        <p>{t('app.loading')}</p>
      ) : isError ? (
        <p>{t('error.default')}</p>
      ) : !data.length ? (
        <p>{t('chat.log.empty')}</p>
      ) : (
        <ul className={styles.plainList} data-testid="chat-log">
          {data.map((entry) => (
            <li key={entry.id} className={styles.logRow}>
              <span>
                {t(ACTIONS[entry.action] ?? 'chat.log.other', {
                  actor: entry.actor?.name ?? '?',
                  target: entry.target?.name ?? '?',
                })}
              </span>
              <time className={styles.time}>{formatTime(entry.timestamp)}</time>
            </li>
          ))}
        </ul>
      )}
    </DialogFrame>
  );
}
