import { useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { Link } from 'react-router';
import { listQuery } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { PATHS } from '../../ui/paths';
import { GOLD_PATHS } from './rules';
import styles from './Spotlight.module.css';

/**
 * The spotlight strip of the home page, search and the chat list: the members featured now, in
 * the server's fair order (least shown first). Its height is fixed from the first paint, loaded
 * or not, with members or only the "get featured" tile, so nothing below it moves.
 */
export function SpotlightStrip({ place }: { place: 'home' | 'search' | 'chat' }) {
  const { t } = useI18n();
  // The query is written here, not taken from api/areas/gold.ts, so the home page's first load
  // carries only this small module (e2e/first-load.e2e.test.ts); same key, same cache.
  const spotlights = useQuery({
    ...listQuery(api.premium.getUserSpotlights, { limit: 8 }),
    staleTime: 60_000,
  });
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
