import { useSearchParams } from 'react-router';
import { useBroadcastId, useGoLive } from '../../api/areas/live';
import { useUser } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { handleError } from '../../ui/errors/handleError';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { ShareButton } from '../../ui/sheet/ShareButton';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Live.module.css';
import '../webpush/texts';

/**
 * A member's broadcast: whether they are on air, the share sheet, and for the member themself the
 * switch to go on and off air (their friends hear of it on their devices). The video itself is
 * not part of this page yet (docs/web-push.md, "Broadcasts").
 */
function LivePage({ userId }: { userId: number }) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const user = useUser(userId);
  const broadcast = useBroadcastId(userId);
  const goLive = useGoLive(userId);
  const own = me?.uid === userId;
  const onAir = Boolean(broadcast.data);
  const name = user.data?.name ?? '';
  usePageTitle(name ? t('live.pageTitle', { name }) : t('live.title'));

  const toggle = () => goLive.mutate(!onAir, { onError: (error) => handleError(error) });
  return (
    <main className={pageStyles.page}>
      <section
        className={`${pageStyles.card} ${styles.live}`}
        aria-labelledby="live-title"
        data-testid="live-page"
      >
        {user.data && <Avatar user={user.data} size={96} showPresence={false} lazy={false} />}
        <h1 id="live-title">{user.data ? <UserLink user={user.data} /> : t('live.title')}</h1>
        <p className={styles.state} data-on-air={onAir || undefined} role="status" data-testid="live-state">
          {broadcast.isPending ? '' : onAir ? t('live.onAir') : own ? t('live.ownOffAir') : t('live.offAir')}
        </p>
        {own && <p className={pageStyles.lead}>{onAir ? t('live.ownOnAirHint') : t('live.ownHint')}</p>}
        <div className={styles.actions}>
          {own && (
            <Button variant={onAir ? 'secondary' : 'primary'} onClick={toggle} disabled={goLive.isPending}>
              {onAir ? t('live.end') : t('live.start')}
            </Button>
          )}
          {onAir && name && <ShareButton path={PATHS.live(userId)} title={t('live.shareTitle', { name })} />}
        </div>
      </section>
    </main>
  );
}

/** `/live?u={userId}`: where a broadcast notification and a shared broadcast link open. */
export function Component() {
  const [params] = useSearchParams();
  const userId = Number(params.get('u')) || 0;
  return (
    <RequireLogin>
      <LivePage userId={userId} />
    </RequireLogin>
  );
}
