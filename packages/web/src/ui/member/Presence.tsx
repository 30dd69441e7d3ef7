import { OnlineSource, type User } from '@tertulia/contract';
import { statusOf } from '../../api/areas/premium';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { useTimeAgo } from '../time/clock';
import styles from './Member.module.css';
import { presenceOf } from './presence';

const SOURCES = Object.values(OnlineSource) as string[];

/**
 * "En línea · Web", "Ocupado", or the last access ("recientemente", "hace 5 minutos"...).
 * Invisible members arrive without source, status or last access: they read as offline.
 */
export function PresenceLine({
  user,
  own = false,
}: {
  user: Pick<User, 'onlineSource' | 'onlineStatus' | 'lastAccess'>;
  /** One's own profile: the status one chose (online, busy, invisible), since one is here. */
  own?: boolean;
}) {
  const { t } = useI18n();
  const timeAgo = useTimeAgo();
  if (own) {
    const status = statusOf(user);
    return (
      <span className={styles.presence} data-presence={status === 'invisible' ? 'offline' : status}>
        <span className={styles.dot} aria-hidden="true" />
        {t(`status.${status}`)}
      </span>
    );
  }
  const presence = presenceOf(user);
  const source =
    user.onlineSource && SOURCES.includes(user.onlineSource)
      ? t(`people.source.${user.onlineSource}` as MessageKey)
      : undefined;
  let text: string;
  if (presence === 'offline') {
    text = user.lastAccess
      ? t('people.lastAccess', { time: timeAgo(user.lastAccess) })
      : t('people.presence.offline');
  } else {
    text = [t(`people.presence.${presence}`), source].filter(Boolean).join(' · ');
  }
  return (
    <span className={styles.presence} data-presence={presence}>
      <span className={styles.dot} aria-hidden="true" />
      {text}
    </span>
  );
}
