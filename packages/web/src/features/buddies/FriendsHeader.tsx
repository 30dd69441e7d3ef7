import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useFriendshipRequestCount, useFriendsOnlineCount } from '../../api/areas/buddyCounts';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { badgeText } from '../../ui/menu/badgeText';
import { PATHS } from '../../ui/paths';
import styles from './FriendsHeader.module.css';
import { registerBuddyHandlers } from './push';

export { badgeText };

/**
 * The header's friends slot: friends online (to the friends page) and pending requests (to the
 * inbox). Push events keep both current while the member is here.
 */
export function FriendsHeader() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const online = useFriendsOnlineCount().data ?? 0;
  const requests = useFriendshipRequestCount().data ?? 0;
  const onlineLabel = t('buddies.online', { count: online });
  const requestsLabel =
    requests > 0 ? t('buddies.requestsBadge', { count: requests }) : t('buddies.requestsBadgeNone');

  useEffect(() => registerBuddyHandlers({ dispatcher: pushDispatcher, queryClient }), [queryClient]);

  return (
    <>
      <Link
        to={PATHS.buddies}
        className={styles.link}
        // Icon-only: the tooltip says what the name says (the badge's number is in both).
        aria-label={onlineLabel}
        title={onlineLabel}
        data-testid="friends-online"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M9 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm7.5 2a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM2 20v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1h-2v-1a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v1H2Zm16.5-7a5 5 0 0 1 4.5 5v2h-2v-2a3 3 0 0 0-2.7-3l.2-2Z"
          />
        </svg>
        {online > 0 && (
          <span className={styles.online} aria-hidden="true">
            {badgeText(online)}
          </span>
        )}
      </Link>
      <Link
        to={PATHS.buddyRequests}
        className={styles.link}
        aria-label={requestsLabel}
        title={requestsLabel}
        data-testid="friend-requests"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M10 12a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Zm-7 10v-1a6 6 0 0 1 6-6h2c.7 0 1.4.1 2 .4v2.2a4 4 0 0 0-2-.6H9a4 4 0 0 0-4 4v1H3Zm15-6h2v3h3v2h-3v3h-2v-3h-3v-2h3v-3Z"
          />
        </svg>
        {requests > 0 && (
          <span className={styles.requests} aria-hidden="true">
            {badgeText(requests)}
          </span>
        )}
      </Link>
    </>
  );
}
