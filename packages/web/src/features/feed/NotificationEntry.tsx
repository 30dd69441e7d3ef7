import type { Notification } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { formatTime } from '../../ui/time/formatTime';
import { Avatar } from '../people/Avatar';
import styles from './Notifications.module.css';

/** One notification: a link to its item when it has one, else a button that only marks it read. */
export function NotificationEntry({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t } = useI18n();
  const content = (
    <>
      {item.actor ? (
        <Avatar user={item.actor} size={40} showPresence={false} />
      ) : (
        <span className={styles.icon} aria-hidden="true" />
      )}
      <span className={styles.body}>
        <span className={styles.text}>{item.text}</span>
        <time className={styles.time} dateTime={new Date(item.creationTime).toISOString()}>
          {formatTime(item.creationTime)}
        </time>
      </span>
      {!item.read && (
        <span className={styles.dot}>
          <span className="visually-hidden">{t('feed.unread')}</span>
        </span>
      )}
    </>
  );
  const props = {
    className: styles.item,
    'data-read': item.read,
    onClick: onOpen,
    'data-testid': 'notification',
    children: content,
  };
  return item.url ? <Link to={item.url} {...props} /> : <button type="button" {...props} />;
}
