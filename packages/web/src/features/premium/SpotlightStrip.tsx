import { Link } from 'react-router';
import { useSpotlights } from '../../api/areas/premium';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { Avatar } from '../people/Avatar';
import styles from './Premium.module.css';
import { GOLD_PATHS } from './rules';

/**
 * The spotlight strip of the home page, search and the chat list: the members featured now, in
 * the server's fair order (least shown first). Its height is fixed from the first paint, loaded
 * or not, with members or only the "get featured" tile, so nothing below it moves.
 */
export function SpotlightStrip({ place }: { place: 'home' | 'search' | 'chat' }) {
  const { t } = useI18n();
  const spotlights = useSpotlights();
  const list = spotlights.data ?? [];
  return (
    <section
      className={styles.strip}
      aria-label={t('spotlight.strip')}
      data-place={place}
      data-testid="spotlight-strip"
    >
      <ul className={styles.stripList}>
        {list.map(
          (s) =>
            s.user && (
              <li key={s.id}>
                <Link
                  to={PATHS.profile(s.user.uid)}
                  className={styles.stripMember}
                  data-testid="spotlight-member"
                >
                  <Avatar user={s.user} size={56} showPresence={false} />
                  <span className={styles.stripName}>{s.user.name}</span>
                </Link>
              </li>
            ),
        )}
        <li>
          <Link to={GOLD_PATHS.spotlights} className={styles.stripMember} data-join>
            <span className={styles.stripJoin} aria-hidden="true">
              +
            </span>
            <span className={styles.stripName}>{t('spotlight.join')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
