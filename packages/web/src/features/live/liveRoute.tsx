import { useSearchParams } from 'react-router';
import { useBroadcast, useBroadcastId } from '../../api/areas/live';
import { useUser } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Live.module.css';
import { StudioPage } from './StudioPage';
import { TopStreamers } from './TopStreamers';
import { WatchPage } from './WatchPage';
import './texts';
import '../webpush/texts';

/** A member who is not on air (or whose broadcast the caller may not watch): who, and that. */
function OffAir({ userId }: { userId: number }) {
  const { t } = useI18n();
  const user = useUser(userId);
  const name = user.data?.name ?? '';
  usePageTitle(name ? t('live.pageTitle', { name }) : t('live.title'));
  return (
    <main className={pageStyles.page}>
      <section
        className={`${pageStyles.card} ${styles.offAir}`}
        aria-labelledby="live-title"
        data-testid="live-page"
      >
        {user.data && <Avatar user={user.data} size={96} showPresence={false} lazy={false} />}
        <h1 id="live-title">{user.data ? <UserLink user={user.data} /> : t('live.title')}</h1>
        <p className={styles.state} role="status" data-testid="live-state">
          {t('live.offAir')}
        </p>
      </section>
      <TopStreamers />
    </main>
  );
}

/** Another member's broadcast: the one on air now, watched; or the member off air. */
function MemberLive({ userId }: { userId: number }) {
  const { t } = useI18n();
  const onAir = useBroadcastId(userId);
  const broadcast = useBroadcast(onAir.data ?? '');
  usePageTitle(
    broadcast.data ? t('live.pageTitle', { name: broadcast.data.user.name ?? '' }) : t('live.title'),
  );
  if (onAir.isPending || (onAir.data && broadcast.isPending))
    return <p className={styles.loading}>{t('app.loading')}</p>;
  if (broadcast.isError)
    return (
      <p className={styles.loading} role="alert">
        {errorText(broadcast.error)}
      </p>
    );
  if (!broadcast.data) return <OffAir userId={userId} />;
  return <WatchPage key={broadcast.data.broadcast_id} broadcast={broadcast.data} />;
}

function LivePage({ userId }: { userId: number }) {
  const { user: me } = useSession();
  if (!me) return null;
  return !userId || userId === me.uid ? <StudioPage userId={me.uid} /> : <MemberLive userId={userId} />;
}

/**
 * `/live`: the member's studio (also `/live?u=<own id>`); `/live?u={userId}`: that member's
 * broadcast, where a broadcast notification, a feed line and a shared link open (docs/live.md).
 */
export function Component() {
  const [params] = useSearchParams();
  const userId = Number(params.get('u')) || 0;
  return (
    <RequireLogin>
      <LivePage userId={userId} />
    </RequireLogin>
  );
}
