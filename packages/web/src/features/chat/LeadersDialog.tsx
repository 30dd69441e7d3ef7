import { useQuery } from '@tanstack/react-query';
import type { ChatRoom } from '@tertulia/contract';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import styles from './Chat.module.css';
import { c } from './queries';
import './texts';
import '../rewards/texts';

/** The room's most generous members of the week (its gift board, features/rewards). */
function RoomGifters({ room }: { room: ChatRoom }) {
  const { t } = useI18n();
  const { data } = useQuery({
    queryKey: [c.getLeaderboard.path, room.id, 'gifters'],
    queryFn: ({ signal }) =>
      chatApi.getLeaderboard({ roomId: room.id, type: 'gifters', days: 7, resultsPerPage: 10 }, { signal }),
  });
  if (!data?.length) return null;
  return (
    <section data-testid="room-gifters">
      <h3>{t('chat.leaders.gifters')}</h3>
      <ol className={styles.plainList}>
        {data.map((entry) =>
          entry.user ? (
            <li key={entry.user.uid} className={styles.plainRow}>
              <span className={styles.rank}>{entry.rank}</span>
              <Avatar user={entry.user} size={36} />
              <UserLink user={entry.user} />
              <span className={styles.score}>{t('rewards.boards.score', { score: entry.score ?? 0 })}</span>
            </li>
          ) : null,
        )}
      </ol>
    </section>
  );
}

/** The room's most active chatters of the last day, and its most generous members of the week. */
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
      <RoomGifters room={room} />
    </DialogFrame>
  );
}
