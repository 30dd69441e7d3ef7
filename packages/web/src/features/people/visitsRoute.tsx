import { api, PremiumFeatureKey, type ProfileVisit } from '@tertulia/contract';
import { Link } from 'react-router';
import { useSearchPages } from '../../api/areas/people';
import { hasFeature, useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { LazyImage } from '../../ui/image/LazyImage';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { Avatar } from '../../ui/member/Avatar';
import { PresenceLine } from '../../ui/member/Presence';
import { UserLink } from '../../ui/member/UserLink';
import { openVipPromptFor } from '../../ui/member/vipPrompt';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { TimeAgo, useTimeAgo } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './People.module.css';
import './texts';

/** Where the visits page sends non-VIP owners: the VIP page of the gold section, saying why. */
export const VIP_OFFER_HREF = `${PATHS.vip}?utm_campaign=profile_visits`;

function Visitor({ visit }: { visit: ProfileVisit }) {
  const { t } = useI18n();
  const timeAgo = useTimeAgo();
  const user = visit.user;
  if (!user) return null;
  return (
    <div className={styles.visit}>
      <UserLink user={user} className={styles.visitAvatar} aria-label={user.name}>
        <Avatar user={user} size={56} />
      </UserLink>
      <div className={styles.memberInfo}>
        <p className={styles.memberName}>
          <UserLink user={user} />
        </p>
        <p className={styles.muted}>{t('visits.when', { time: timeAgo(visit.time) })}</p>
        <PresenceLine user={user} />
      </div>
    </div>
  );
}

/** A visit whose name is VIP's: the tile opens the VIP sheet that says so. */
function BlurredTile({ visit }: { visit: ProfileVisit }) {
  const { t } = useI18n();
  const { user } = useSession();
  return (
    <button
      type="button"
      className={styles.blurTile}
      onClick={() => void openVipPromptFor('visits', { trialAvailable: user?.vipTrialAvailable })}
      data-testid="visit-hidden"
    >
      {visit.blurredImage ? (
        <LazyImage src={visit.blurredImage} alt={t('visits.hidden')} width={96} height={96} />
      ) : (
        <span className={styles.blurPlaceholder} role="img" aria-label={t('visits.hidden')} />
      )}
      <span className={styles.muted}>
        <TimeAgo at={visit.time} />
      </span>
    </button>
  );
}

function VipOffer() {
  const { t } = useI18n();
  const { user } = useSession();
  return (
    <aside className={styles.offer} aria-labelledby="visits-offer">
      <h2 id="visits-offer">{t('visits.offerTitle')}</h2>
      <p>{t('visits.offerBody')}</p>
      {/* The VIP upgrade sheet ("¿Quieres ver más?"); the link still works without script. */}
      <Link
        to={VIP_OFFER_HREF}
        className={buttonClass('primary')}
        onClick={(event) => {
          event.preventDefault();
          void openVipPromptFor('upgrade', { trialAvailable: user?.vipTrialAvailable });
        }}
      >
        {t('visits.offerCta')}
      </Link>
    </aside>
  );
}

/** profile/getProfileVisitors.do: VIP owners see who and when; others the count and blurred tiles. */
function VisitsPage() {
  const { t } = useI18n();
  const { user } = useSession();
  // Names come with WHO_VIEWED_ME (VIP brings it, or it is bought apart): the server's list.
  const vip = hasFeature(user, PremiumFeatureKey.WHO_VIEWED_ME);
  const query = useSearchPages(api.people.getProfileVisitors, {}, 24);
  usePageTitle(t('visits.title'));
  const items = query.data?.pages.flatMap((page) => page.searchResults) ?? [];
  const total = query.data?.pages[0]?.totalNumberResults ?? 0;
  // The server decides what each visit carries; a visit with a user is one the owner may name.
  const named = vip && items.every((visit) => visit.user);

  return (
    <div className={pageStyles.page}>
      <h1>{t('visits.title')}</h1>
      {query.isError ? (
        <p role="alert">{errorText(query.error)}</p>
      ) : (
        <>
          {!query.isPending && (
            <p className={styles.count} role="status">
              {total === 0 ? t('visits.none') : t('visits.count', { count: total })}
            </p>
          )}
          {!named && total > 0 && <VipOffer />}
          <InfiniteList
            items={items}
            getKey={(visit) => visit.user?.uid ?? `${visit.time}-${visit.blurredImage ?? ''}`}
            renderItem={(visit) => (named ? <Visitor visit={visit} /> : <BlurredTile visit={visit} />)}
            hasMore={query.hasNextPage}
            isLoading={query.isPending || query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label={t('visits.list')}
            className={named ? styles.visitList : styles.blurGrid}
          />
        </>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <VisitsPage />
    </RequireLogin>
  );
}
