import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMarkNotificationsRead, useNotifications, useUnreadNotifications } from '../../api/areas/feed';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { HeaderBadge, HeaderDropdown, headerDropdownStyles } from '../../ui/menu/HeaderDropdown';
import { PATHS } from '../../ui/paths';
import { TimeAgo } from '../../ui/time/clock';
import styles from './Notifications.module.css';
import { registerNotificationHandlers } from './push';

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
          <TimeAgo at={item.creationTime} />
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

/**
 * The header's notifications slot: a bell with the unread badge (kept live by the
 * `notification` push) and a dropdown of the latest notifications, each linking to its item.
 */
export default function NotificationsHeader() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotifications().data ?? 0;
  const list = useNotifications(open);
  const mark = useMarkNotificationsRead();

  useEffect(() => registerNotificationHandlers({ dispatcher: pushDispatcher, queryClient }), [queryClient]);

  const items = list.data ?? [];
  const openItem = (item: Notification) => {
    setOpen(false);
    if (!item.read) mark.mutate([item.id]);
  };

  return (
    <HeaderDropdown
      open={open}
      setOpen={setOpen}
      buttonLabel={unread > 0 ? t('feed.notificationsUnread', { count: unread }) : t('feed.notifications')}
      panelLabel={t('feed.notifications')}
      testId="notifications-button"
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.4-2h-4.8a2.5 2.5 0 0 0 2.4 2Zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Zm-2 1H7v-6a5 5 0 0 1 10 0v6Z"
          />
        </svg>
      }
      indicator={<HeaderBadge count={unread} testId="notifications-badge" />}
      panelClassName={styles.panel}
    >
      <header className={styles.head}>
        <h2 className={styles.title}>{t('feed.notifications')}</h2>
        {unread > 0 && (
          <button type="button" className={styles.markAll} onClick={() => mark.mutate(undefined)}>
            {t('feed.markAllRead')}
          </button>
        )}
      </header>
      {items.length === 0 ? (
        <p className={headerDropdownStyles.empty}>
          {list.isPending ? t('app.loading') : t('feed.notificationsNone')}
        </p>
      ) : (
        <ul className={headerDropdownStyles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <NotificationEntry item={item} onOpen={() => openItem(item)} />
            </li>
          ))}
        </ul>
      )}
      <Link to={PATHS.notifications} className={styles.seeAll} onClick={() => setOpen(false)}>
        {t('feed.notificationsAll')}
      </Link>
    </HeaderDropdown>
  );
}
