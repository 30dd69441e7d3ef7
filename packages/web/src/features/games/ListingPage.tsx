import { useSearchParams } from 'react-router';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import { GameCard } from './GameCard';
import styles from './Games.module.css';
import { LISTING_FILTERS, type ListingFilter, useGamesListing } from './queries';
import './texts';

const EMPTY: Partial<Record<ListingFilter, MessageKey>> = {
  RECENT: 'games.noRecent',
  FRIENDS: 'games.noFriends',
};

/** /games: featured, friends playing, all and recent games (game/getGamesListing.do filters). */
export function ListingPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const filter = LISTING_FILTERS.find((f) => f === search.get('filter')) ?? 'ALL';
  const { data, isPending, isError } = useGamesListing(filter);
  usePageTitle(t('games.title'));
  const games = data ?? [];
  return (
    <div className={`${pageStyles.page} ${styles.listPage}`} data-testid="games-listing">
      <div>
        <h1>{t('games.title')}</h1>
        <p className={pageStyles.lead}>{t('games.lead')}</p>
      </div>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">{t('games.tabs')}</legend>
        {LISTING_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={styles.filter}
            aria-pressed={filter === f}
            onClick={() => setSearch(f === 'ALL' ? {} : { filter: f }, { replace: true })}
          >
            {t(`games.filter.${f}` as MessageKey)}
          </button>
        ))}
      </fieldset>
      {isPending ? (
        <p className={styles.empty}>{t('app.loading')}</p>
      ) : isError ? (
        <p className={styles.empty}>{t('error.default')}</p>
      ) : !games.length ? (
        <p className={styles.empty}>{t(EMPTY[filter] ?? 'games.none')}</p>
      ) : (
        <ul className={styles.grid}>
          {games.map((game) => (
            <GameCard key={game.id} game={game} />
          ))}
        </ul>
      )}
    </div>
  );
}
