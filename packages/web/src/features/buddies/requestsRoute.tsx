import { api, type FriendRequest } from '@tertulia/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  REQUESTS_PAGE,
  useAcceptAllRequests,
  useAnswerRequest,
  useFriendshipRequestCount,
  usePagedList,
} from '../../api/areas/buddy';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { TimeAgo } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import styles from './Buddies.module.css';
import './texts';

function Request({ request, onAnswered }: { request: FriendRequest; onAnswered: (id: number) => void }) {
  const { t } = useI18n();
  const answer = useAnswerRequest();
  const sender = request.sender;
  const name = sender.name ?? '';
  const reply = (accept: boolean) =>
    answer.mutate(
      { offlineMessageId: request.offlineMessageId, accept },
      {
        onSuccess: () => {
          onAnswered(request.offlineMessageId);
          toast.success(accept ? t('requests.accepted', { name }) : t('requests.denied'));
        },
      },
    );
  return (
    <article className={styles.row} data-wide-actions data-testid="friend-request" aria-label={name}>
      <UserLink user={sender} className={styles.photo} aria-label={name}>
        <Avatar user={sender} size={56} />
      </UserLink>
      <div className={styles.info}>
        <p className={styles.name}>
          <UserLink user={sender} />
          {!request.read && <span className={styles.new}>{t('requests.new')}</span>}
        </p>
        <p className={styles.muted}>
          <time dateTime={new Date(request.creationTime).toISOString()}>
            <TimeAgo at={request.creationTime} />
          </time>
        </p>
        {request.message && <p className={styles.message}>{request.message}</p>}
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          aria-label={t('requests.denyName', { name })}
          disabled={answer.isPending}
          onClick={() => reply(false)}
        >
          {t('requests.deny')}
        </Button>
        <Button
          aria-label={t('requests.acceptName', { name })}
          disabled={answer.isPending}
          onClick={() => reply(true)}
        >
          {t('requests.accept')}
        </Button>
      </div>
    </article>
  );
}

/** `/html/buddies-requests.jsp`: pending friend requests, answered one by one or all at once. */
function RequestsPage() {
  const { t } = useI18n();
  usePageTitle(t('requests.title'));
  const query = usePagedList(api.buddy.getFriendshipRequests, {}, REQUESTS_PAGE);
  const count = useFriendshipRequestCount();
  const acceptAll = useAcceptAllRequests();
  // Answered requests leave at once; the refetch that follows agrees.
  const [answered, setAnswered] = useState<ReadonlySet<number>>(new Set());
  const items = (query.data?.pages.flat() ?? []).filter((r) => !answered.has(r.offlineMessageId));
  const total = count.data ?? items.length;

  return (
    <div className={pageStyles.page}>
      <div className={styles.head}>
        <h1>{t('requests.title')}</h1>
        <Link to={PATHS.buddies}>{t('requests.seeFriends')}</Link>
      </div>
      {query.isError ? (
        <p role="alert" className={styles.error}>
          {errorText(query.error)}
        </p>
      ) : (
        <section className={styles.results} aria-label={t('requests.list')}>
          <div className={styles.summary}>
            <p className={styles.muted} role="status">
              {query.isPending || count.isPending
                ? ''
                : total === 0
                  ? t('requests.none')
                  : t('requests.count', { count: total })}
            </p>
            {total > 0 && (
              <Button
                disabled={acceptAll.isPending}
                onClick={() =>
                  acceptAll.mutate(undefined, {
                    onSuccess: ({ first }) => {
                      setAnswered(new Set(items.map((r) => r.offlineMessageId)));
                      toast.success(t('requests.acceptedAll', { count: first }));
                    },
                  })
                }
              >
                {t('requests.acceptAll')}
              </Button>
            )}
          </div>
          <InfiniteList
            items={items}
            getKey={(request) => request.offlineMessageId}
            renderItem={(request) => (
              <Request request={request} onAnswered={(id) => setAnswered((set) => new Set(set).add(id))} />
            )}
            hasMore={query.hasNextPage}
            isLoading={query.isPending || query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label={t('requests.list')}
          />
        </section>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <RequestsPage />
    </RequireLogin>
  );
}
