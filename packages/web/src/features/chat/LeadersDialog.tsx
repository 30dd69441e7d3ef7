import { useQuery } from '@tanstack/react-query';
import type { ChatRoom } from '@tertulia/contract';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Avatar } from '../people/Avatar';
import { UserLink } from '../people/UserLink';
import styles from './Chat.module.css';
import { c } from './queries';
import './texts';

/** The room's most active chatters of the last day. */
export default function LeadersDialog({ dialog, room }: DialogComponentProps<{ room: ChatRoom }>) {
  const { t } = useI18n();
  const { data, isPending } = useQuery({
    queryKey: [c.getRoomLeaders.path, room.id],
    queryFn: ({ signal }) => chatApi.getRoomLeaders({ roomId: room.id }, { signal }),
  });
  return (
    <DialogFrame title={t('chat.leaders.title')} dialog={dialog}>
      <p className={styles.hint}>{t('chat.leaders.lead')}</p>
      {isPending ? (
        <p>{t('app.loading')}</p>
      ) : !data?.length ? (
        <p>{t('chat.leaders.none')}</p>
      ) : (
        <ol className={styles.plainList}>
          {data.map((entry, index) =>
            entry.user ? (
              <li key={entry.user.uid} className={styles.plainRow}>
                <span className={styles.rank}>{index + 1}</span>
                <Avatar user={entry.user} size={36} />
                <UserLink user={entry.user} />
                <span className={styles.score}>{t('chat.leaders.score', { count: entry.score ?? 0 })}</span>
              </li>
            ) : null,
          )}
        </ol>
      )}
    </DialogFrame>
  );
}
