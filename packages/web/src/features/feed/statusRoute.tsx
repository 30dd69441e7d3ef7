import { useInfiniteQuery } from '@tanstack/react-query';
import { api, FeedEventType, FeedFilter } from '@tertulia/contract';
import { Link, useSearchParams } from 'react-router';
import { getFeedEvents } from '../../api/areas/feed';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Feed.module.css';
import { FeedItem } from './FeedItem';

/**
 * `/feed?status={id}&u={authorId}`: where like and comment notifications about a status lead.
 * The status's event comes from the author's events (filter 4) narrowed by `statusId`, in the
 * feed cache's shape so likes and comments update it like any feed item.
 */
function StatusPage() {
  const { t } = useI18n();
  usePageTitle(t('feed.title'));
  const [params] = useSearchParams();
  const { user: me } = useSession();
  const statusId = Number(params.get('status'));
  const author = Number(params.get('u'));
  const valid = Number.isInteger(statusId) && statusId > 0 && Number.isInteger(author) && author > 0;
  const request = { filter: FeedFilter.PERSON, userId: author, statusId, limit: 1 };
  const query = useInfiniteQuery({
    queryKey: [api.feed.getEvents.path, request, 'pages'],
    queryFn: ({ signal }) => getFeedEvents(request, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: () => undefined,
    enabled: valid,
  });
  const event = query.data?.pages
    .flat()
    .find((e) => e.type === FeedEventType.STATUS_UPDATE && (e.status?.id ?? e.postId) === statusId);
  if (!me) return null;
  return (
    <div className={pageStyles.page}>
      <h1 className="visually-hidden">{t('feed.title')}</h1>
      {event ? (
        <FeedItem event={event} me={me} />
      ) : query.isPending && valid ? (
        <div className={styles.skeleton} aria-hidden="true" />
      ) : (
        <div className={styles.empty}>
          <h2>{t('feed.gone')}</h2>
          <Link to={valid ? PATHS.profile(author) : PATHS.home}>
            {valid ? t('feed.toProfile') : t('notFound.home')}
          </Link>
        </div>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <StatusPage />
    </RequireLogin>
  );
}
