import { useEffect, useRef } from 'react';
import { useMarkNotificationsRead, useNotificationPages } from '../../api/areas/feed';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import { InfiniteList } from '../../ui/list/InfiniteList';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Notifications.module.css';
import { NotificationEntry } from './NotificationsHeader';

/**
 * Every notification, newest first, loaded a page at a time as the member scrolls. What the page
 * shows counts as read: the server is told at once, while the dots stay for this visit so the
 * member still sees what was new.
 */
function NotificationsPage() {
  const { t } = useI18n();
  usePageTitle(t('feed.notificationsPage'));
  const query = useNotificationPages();
  const mark = useMarkNotificationsRead();
  const items = query.data?.pages.flat() ?? [];
  const told = useRef(new Set<number>());
  const unseen = items.filter((n) => !n.read && !told.current.has(n.id)).map((n) => n.id);
  const unseenKey = unseen.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are in unseenKey
  useEffect(() => {
    if (!unseen.length) return;
    for (const id of unseen) told.current.add(id);
    mark.mutate(unseen);
  }, [unseenKey]);

  return (
    <div className={pageStyles.page}>
      <h1>{t('feed.notificationsPage')}</h1>
      {query.isError ? (
        <p role="alert">{errorText(query.error)}</p>
      ) : !query.isPending && items.length === 0 ? (
        <p role="status">{t('feed.notificationsNone')}</p>
      ) : (
        <InfiniteList
          items={items}
          getKey={(n) => n.id}
          renderItem={(n) => <NotificationEntry item={n} onOpen={() => undefined} />}
          hasMore={query.hasNextPage}
          isLoading={query.isPending || query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          label={t('feed.notificationsPage')}
          className={styles.pageList}
        />
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <NotificationsPage />
    </RequireLogin>
  );
}
