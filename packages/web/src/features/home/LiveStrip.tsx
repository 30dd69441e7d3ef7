import { Link } from 'react-router';
import { useActiveStreamers } from '../../api/areas/live';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { PATHS } from '../../ui/paths';
import styles from './LiveStrip.module.css';

/**
 * Members on air now (live/getActiveStreamers.do, the ones the caller may watch), as avatars with
 * a live ring that open the broadcast; first, a way to go live oneself. Hidden while nobody is on air.
 */
export function LiveStrip() {
  const { t } = useI18n();
  const streamers = useActiveStreamers();
  const live = (streamers.data ?? []).filter((s) => s.user && s.broadcast_id);
  if (!live.length) return null;
  return (
    <section className={styles.strip} aria-labelledby="live-strip-title" data-testid="live-strip">
      <h2 id="live-strip-title" className={styles.title}>
        {t('home.live.title')}
      </h2>
      <ul className={styles.list}>
        <li>
          <Link to={PATHS.goLive} className={styles.item}>
            <span className={styles.goLive} aria-hidden="true">
              +
            </span>
            <span className={styles.name}>{t('home.live.goLive')}</span>
          </Link>
        </li>
        {live.map(({ user, broadcast_id }) => (
          <li key={broadcast_id}>
            <Link
              to={PATHS.live(user!.uid)}
              className={styles.item}
              aria-label={t('home.live.watch', { name: user!.name ?? '' })}
              data-testid="live-strip-item"
            >
              <span className={styles.ring}>
                <Avatar user={user!} size={60} showPresence={false} />
                <span className={styles.badge} aria-hidden="true">
                  {t('home.live.badge')}
                </span>
              </span>
              <span className={styles.name} aria-hidden="true">
                {user!.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
