import { useSearchParams } from 'react-router';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { SpotlightStrip } from '../premium/SpotlightStrip';
import styles from './Chat.module.css';
import { createRoomDialog } from './dialogs';
import { type RoomsTab, useRoomList } from './queries';
import { RoomCard } from './RoomCard';
import { byCategory } from './rules';
import './texts';

const TABS: [RoomsTab, MessageKey][] = [
  ['category', 'chat.tab.category'],
  ['popularity', 'chat.tab.popular'],
  ['nearMe', 'chat.tab.nearMe'],
  ['recent', 'chat.tab.recent'],
];

/** /chat/: listed rooms by category (or popularity, near me) and the member's recent rooms. */
function RoomList() {
  const { t, locale: uiLocale } = useI18n();
  const [search, setSearch] = useSearchParams();
  const tab = (TABS.find(([key]) => key === search.get('tab'))?.[0] ?? 'category') as RoomsTab;
  const locale = search.get('lang') ?? uiLocale;
  const { data, isPending, isError } = useRoomList(tab, locale === 'all' ? '' : locale);
  usePageTitle(t('chat.title'));
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(key, value);
    setSearch(next, { replace: true });
  };
  const rooms = data ?? [];
  return (
    <div className={`${pageStyles.page} ${styles.listPage}`}>
      <div className={styles.listHead}>
        <div>
          <h1>{t('chat.title')}</h1>
          <p className={pageStyles.lead}>{t('chat.lead')}</p>
        </div>
        <Button onClick={() => openDialog(createRoomDialog, {})}>{t('chat.create')}</Button>
      </div>
      <SpotlightStrip place="chat" />
      <div className={styles.filters}>
        <fieldset className={styles.segmented}>
          <legend className={styles.visuallyHidden}>{t('chat.tabs')}</legend>
          {TABS.map(([key, label]) => (
            <button
              key={key}
              type="button"
              aria-pressed={tab === key}
              className={styles.segment}
              onClick={() => set('tab', key)}
            >
              {t(label)}
            </button>
          ))}
        </fieldset>
        {tab !== 'recent' && (
          <label className={styles.langPick}>
            <span>{t('chat.language')}</span>
            <select value={locale} onChange={(event) => set('lang', event.target.value)}>
              <option value="es">{t('chat.language.es')}</option>
              <option value="en">{t('chat.language.en')}</option>
              <option value="all">{t('chat.language.all')}</option>
            </select>
          </label>
        )}
      </div>
      {isPending ? (
        <p className={styles.empty}>{t('app.loading')}</p>
      ) : isError ? (
        <p className={styles.empty}>{t('error.default')}</p>
      ) : !rooms.length ? (
        <p className={styles.empty}>{t(tab === 'recent' ? 'chat.noRecent' : 'chat.noRooms')}</p>
      ) : tab === 'category' ? (
        byCategory(rooms).map(([category, list]) => (
          <section key={category} className={styles.category} aria-label={category || t('chat.otherRooms')}>
            <h2>{category || t('chat.otherRooms')}</h2>
            <ul className={styles.rooms}>
              {list.map((room) => (
                <RoomCard key={room.id} room={room} showLocale={locale === 'all'} />
              ))}
            </ul>
          </section>
        ))
      ) : (
        <ul className={styles.rooms}>
          {rooms.map((room) => (
            <RoomCard key={room.id} room={room} showLocale={tab === 'recent' || locale === 'all'} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <RoomList />
    </RequireLogin>
  );
}
