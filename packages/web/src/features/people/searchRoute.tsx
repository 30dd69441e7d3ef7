import { api, type User } from '@tertulia/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { findByName, useRecommendations, useSearchPages } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { useAutocomplete } from '../../ui/autocomplete/useAutocomplete';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { Avatar } from '../../ui/member/Avatar';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import tabStyles from '../../ui/tabs/Tabs.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import { SpotlightStrip } from '../premium/SpotlightStrip';
import { MemberCard } from './MemberCard';
import styles from './People.module.css';
import { SearchFilters } from './SearchFilters';
import { paramsFromQuery, queryFromParams, type SearchParams } from './searchParams';
import './texts';

const SEARCH_PATH = PATHS.search;
const WIDE = '(min-width: 700px)';
const TABS = ['search', 'women', 'men', 'near', 'recommended'] as const;
type Tab = (typeof TABS)[number] | 'name';

const tabHref = (tab: (typeof TABS)[number]) =>
  tab === 'search' ? SEARCH_PATH : `${SEARCH_PATH}?tab=${tab}`;

interface Pages {
  data?: { pages: { searchResults: User[]; totalNumberResults: number }[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Results as an infinite list of member cards, with the total. */
function Results({ query, label, empty }: { query: Pages; label: string; empty: MessageKey }) {
  const { t } = useI18n();
  const items = query.data?.pages.flatMap((page) => page.searchResults) ?? [];
  const total = query.data?.pages[0]?.totalNumberResults ?? 0;
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  return (
    <section className={styles.results} aria-label={label}>
      {!query.isPending && (
        <p className={styles.count} role="status">
          {items.length === 0 ? t(empty) : t('search.count', { count: total })}
        </p>
      )}
      <InfiniteList
        items={items}
        getKey={(user) => user.uid}
        renderItem={(user) => <MemberCard user={user} />}
        hasMore={query.hasNextPage}
        isLoading={query.isPending || query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label={label}
        className={styles.grid}
      />
    </section>
  );
}

/** Name search: suggestions after 200 ms of typing (the kit's rules); Enter shows every match. */
function QuickSearch({ initial }: { initial: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [name, setName] = useState(initial);
  const { results, onKeyUp, clear } = useAutocomplete<User>((query, signal) => findByName(query, signal));
  const inputId = useId();
  const listId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = name.trim();
    clear();
    if (query) navigate(`${SEARCH_PATH}?name=${encodeURIComponent(query)}`);
  };
  return (
    <search
      className={styles.quick}
      onKeyDown={(event) => event.key === 'Escape' && clear()}
      onBlur={(event) => {
        // Suggestions close when focus leaves the search box and its list.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) clear();
      }}
    >
      <form className={styles.quickForm} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.quick')}
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.quickInput}
          placeholder={t('search.quickPlaceholder')}
          autoComplete="off"
          maxLength={40}
          value={name}
          aria-controls={listId}
          onChange={(event) => setName(event.target.value)}
          onKeyUp={onKeyUp}
        />
        <Button type="submit">{t('search.submit')}</Button>
        <ul
          id={listId}
          className={styles.quickList}
          aria-label={t('search.suggestions')}
          hidden={!results.length}
        >
          {results.map((user) => (
            <li key={user.uid}>
              <Link to={PATHS.profile(user.uid)} className={styles.quickItem} onClick={clear}>
                <Avatar user={user} size={32} />
                <span>{user.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </form>
    </search>
  );
}

function AdvancedSearch({ params, isAdmin }: { params: SearchParams; isAdmin: boolean }) {
  const { t } = useI18n();
  const [, setQuery] = useSearchParams();
  const query = useSearchPages(api.people.getAdvancedUserSearch, params);
  const searched = Object.keys(params).length > 0;
  // Before any search the filters are open on wide screens; on phones the results come first.
  const [open] = useState(
    () => !searched && (typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches),
  );
  return (
    <>
      <details className={styles.filterPanel} open={open}>
        <summary>{t('search.filters')}</summary>
        <SearchFilters
          key={queryFromParams(params).toString()}
          initial={params}
          isAdmin={isAdmin}
          onSearch={(next) => setQuery(queryFromParams(next))}
        />
      </details>
      <Results query={query} label={t('search.results')} empty="search.empty" />
    </>
  );
}

function Recommendations() {
  const { t } = useI18n();
  const query = useRecommendations();
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  const items = query.data ?? [];
  return (
    <section className={styles.results} aria-label={t('search.tab.recommended')}>
      {query.isSuccess && items.length === 0 && <p className={styles.count}>{t('search.empty')}</p>}
      <InfiniteList
        items={items}
        getKey={(user) => user.uid}
        renderItem={(user) => <MemberCard user={user} />}
        hasMore={false}
        isLoading={query.isPending}
        onLoadMore={() => undefined}
        label={t('search.tab.recommended')}
        className={styles.grid}
      />
    </section>
  );
}

function TabResults({ tab, name }: { tab: Exclude<Tab, 'search' | 'recommended'>; name: string }) {
  const { t } = useI18n();
  const women = useSearchPages(api.people.findOnlineUsersByGender, tab === 'women' ? { male: false } : null);
  const men = useSearchPages(api.people.findOnlineUsersByGender, tab === 'men' ? { male: true } : null);
  const near = useSearchPages(api.people.findUsersNearMe, tab === 'near' ? {} : null);
  const byName = useSearchPages(api.people.findUsersByName, tab === 'name' ? { name } : null);
  const query = { women, men, near, name: byName }[tab];
  const label = tab === 'name' ? t('search.nameResults', { name }) : t(`search.tab.${tab}`);
  return <Results query={query} label={label} empty={tab === 'near' ? 'search.nearEmpty' : 'search.empty'} />;
}

function SearchPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const [query] = useSearchParams();
  const name = query.get('name')?.trim() ?? '';
  const requested = query.get('tab');
  const tab: Tab = name
    ? 'name'
    : (TABS as readonly string[]).includes(requested ?? '')
      ? (requested as Tab)
      : 'search';
  const params = useMemo(() => paramsFromQuery(query), [query]);
  usePageTitle(t('search.title'));

  return (
    <div className={`${pageStyles.page} ${styles.wide}`}>
      <h1>{t('search.title')}</h1>
      <SpotlightStrip place="search" />
      <QuickSearch key={name} initial={name} />
      <nav className={tabStyles.tabs} aria-label={t('search.tabs')}>
        {TABS.map((item) => (
          <Link
            key={item}
            to={tabHref(item)}
            className={tabStyles.tab}
            aria-current={item === tab ? 'page' : undefined}
          >
            {t(`search.tab.${item}`)}
          </Link>
        ))}
      </nav>
      {tab === 'name' && <h2 className={styles.resultsTitle}>{t('search.nameResults', { name })}</h2>}
      {tab === 'search' && <AdvancedSearch params={params} isAdmin={!!user?.isAdmin} />}
      {tab === 'recommended' && <Recommendations />}
      {tab !== 'search' && tab !== 'recommended' && <TabResults tab={tab} name={name} />}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <SearchPage />
    </RequireLogin>
  );
}
