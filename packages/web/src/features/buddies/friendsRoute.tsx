import type { User } from '@tertulia/contract';
import { Link, useSearchParams } from 'react-router';
import { useFriendshipRequestCount } from '../../api/areas/buddy';
import { useUser } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import tabStyles from '../../ui/tabs/Tabs.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import { Away } from './AwayFriends';
import styles from './Buddies.module.css';
import { FriendList } from './FriendList';
import { InviteNew, PrivacyToggle } from './FriendsTools';
import './texts';

/** The friends page: its tabs and header; the list, away friends and tools are their own files. */

type Tab = 'all' | 'near' | 'away';

function tabHref(tab: Tab, ownerId?: number): string {
  const query = new URLSearchParams();
  if (ownerId) query.set('u', String(ownerId));
  if (tab !== 'all') query.set('tab', tab);
  const text = query.toString();
  return text ? `${PATHS.buddies}?${text}` : PATHS.buddies;
}

function Tabs({ tab, ownerId }: { tab: Tab; ownerId?: number }) {
  const { t } = useI18n();
  const own = ownerId === undefined;
  const requests = useFriendshipRequestCount(own).data ?? 0;
  const tabs: Tab[] = own ? ['all', 'near', 'away'] : ['all', 'near'];
  return (
    <nav className={tabStyles.tabs} aria-label={t('buddies.sections')}>
      {tabs.map((item) => (
        <Link
          key={item}
          to={tabHref(item, ownerId)}
          className={tabStyles.tab}
          aria-current={item === tab ? 'page' : undefined}
        >
          {t(`buddies.tab.${item}`)}
        </Link>
      ))}
      {own && (
        <Link to={PATHS.buddyRequests} className={tabStyles.tab}>
          {requests > 0 ? t('buddies.tab.requestsCount', { count: requests }) : t('buddies.tab.requests')}
        </Link>
      )}
    </nav>
  );
}

/** `/html/buddies.jsp`: one's friends; `?u={uid}` someone else's (private lists answer 403). */
function FriendsPage({ viewer }: { viewer: User }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const requested = Number(params.get('u'));
  const ownerId =
    Number.isInteger(requested) && requested > 0 && requested !== viewer.uid ? requested : undefined;
  const own = ownerId === undefined;
  const asked = params.get('tab');
  const tab: Tab = asked === 'near' ? 'near' : asked === 'away' && own ? 'away' : 'all';
  const owner = useUser(ownerId ?? 0, { enabled: !own });
  const ownerName = owner.data?.name ?? '';
  const title = own ? t('buddies.title') : t('buddies.titleOf', { name: ownerName });
  usePageTitle(title);

  return (
    <div className={pageStyles.page}>
      <div className={styles.head}>
        <h1>{title}</h1>
        {own && <InviteNew />}
        {ownerId && ownerName && (
          <Link to={PATHS.profile(ownerId)}>{t('card.label', { name: ownerName })}</Link>
        )}
      </div>
      {own && tab === 'all' && <PrivacyToggle />}
      <Tabs tab={tab} ownerId={ownerId} />
      {tab === 'away' ? (
        <Away />
      ) : (
        <FriendList
          key={`${ownerId ?? 'me'}-${tab}`}
          ownerId={ownerId}
          ownerName={ownerName}
          near={tab === 'near'}
        />
      )}
    </div>
  );
}

function Page() {
  const { user } = useSession();
  return user ? <FriendsPage viewer={user} /> : null;
}

export function Component() {
  return (
    <RequireLogin>
      <Page />
    </RequireLogin>
  );
}
