import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { api, BuddySort, type User } from '@tertulia/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  FRIENDS_PAGE,
  useBuddySort,
  useDeleteFriendship,
  usePagedList,
  useSetBuddySort,
  useSetPositions,
} from '../../api/areas/buddy';
import { isApiError } from '../../api/errors';
import { useI18n } from '../../i18n/i18n';
import { Autocomplete } from '../../ui/autocomplete/autocomplete';
import { confirm } from '../../ui/dialog/confirm';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import { InfiniteList } from '../../ui/list/InfiniteList';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { toast } from '../../ui/toast/toastStore';
import { AddFriendButton } from './AddFriendButton';
import styles from './Buddies.module.css';
import { FriendRow } from './FriendRow';
import { applyPositions, dropOn, type Move, move, type PositionChange } from './positions';
import { isBuddySort, putsOnlineFirst, SORTS, showsPositions, sortLabelKey } from './sorts';
import './texts';

/** The friend search follows the kit's autocomplete rules: 200 ms after the last qualifying key. */
function useFriendSearch() {
  const [query, setQuery] = useState('');
  const engine = useRef<Autocomplete<string>>(null);
  engine.current ??= new Autocomplete<string>(
    async (text) => [text],
    (_results, text) => setQuery(text),
  );
  useEffect(() => () => engine.current?.cancel(), []);
  return {
    query,
    onKeyUp: (event: KeyboardEvent<HTMLInputElement>) =>
      engine.current?.keyup(event.keyCode, event.currentTarget.value),
    /** Enter, or the field emptied: no need to wait. */
    now: (text: string) => {
      engine.current?.cancel();
      setQuery(text.trim());
    },
  };
}

type Pages = InfiniteData<User[], number>;

export function ListError({ error }: { error: unknown }) {
  const { t } = useI18n();
  // A private list answers 403 with the reason, in the member's language.
  if (isApiError(error, 'ApiForbiddenException'))
    return (
      <div className={pageStyles.card}>
        <h2>{t('buddies.unavailable')}</h2>
        <p role="alert">{errorText(error)}</p>
      </div>
    );
  return (
    <p role="alert" className={styles.error}>
      {errorText(error)}
    </p>
  );
}

export function FriendList({
  ownerId,
  ownerName,
  near,
}: {
  ownerId?: number;
  ownerName: string;
  near: boolean;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const own = ownerId === undefined;
  const saved = useBuddySort();
  const setSort = useSetBuddySort();
  const [localSort, setLocalSort] = useState<BuddySort | null>(null);
  const fallback = saved.isError ? BuddySort.DEFAULT : undefined;
  const savedSort = isBuddySort(saved.data) ? saved.data : fallback;
  // One's own choice is remembered (setBuddySort); on someone else's list it only lasts the visit.
  const sort = own ? savedSort : (localSort ?? savedSort);
  const [onlineFirst, setOnlineFirst] = useState(false);
  const search = useFriendSearch();
  const searching = search.query !== '';
  const owner = ownerId ? { userId: ownerId } : {};

  const online = !searching && !near && !!sort && onlineFirst && !putsOnlineFirst(sort);
  const bySearch = usePagedList(api.buddy.searchFriends, searching ? { name: search.query, ...owner } : null);
  const byNear = usePagedList(api.buddy.getBuddiesNearMe, !searching && near ? owner : null);
  const byOnline = usePagedList(api.buddy.getBuddies, online ? { onlineSort: true, ...owner } : null);
  const sortedParams = !searching && !near && !online && sort ? { sort, ...owner } : null;
  const bySort = usePagedList(api.buddy.getBuddiesSorted, sortedParams);
  const query = searching ? bySearch : near ? byNear : online ? byOnline : bySort;
  const items = query.data?.pages.flat() ?? [];

  const positionsOn = own && !searching && !near && !!sort && showsPositions(sort, onlineFirst);
  const setPositions = useSetPositions();
  const focusAfterMove = useRef<{ uid: number; icon: string } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    document.querySelector<HTMLElement>(`[data-uid="${target.uid}"] [data-icon="${target.icon}"]`)?.focus();
  });

  const save = (changes: PositionChange[]) => {
    if (changes.length === 0 || !sortedParams) return;
    // The new order shows at once; the lists refetch when the writes are done.
    const key = [api.buddy.getBuddiesSorted.path, sortedParams, 'pages', FRIENDS_PAGE];
    queryClient.setQueryData<Pages>(key, (data) => {
      if (!data) return data;
      const flat = applyPositions(data.pages.flat(), changes);
      const starts = data.pages.map((_, i) => data.pages.slice(0, i).reduce((n, page) => n + page.length, 0));
      return { ...data, pages: data.pages.map((page, i) => flat.slice(starts[i], starts[i] + page.length)) };
    });
    setPositions.mutate(changes);
  };
  const onMove = (user: User, how: Move) => {
    const icon = { up: 'up', down: 'down', pin: 'unpin', unpin: 'pin' }[how];
    focusAfterMove.current = { uid: user.uid, icon };
    save(move(items, user.uid, how));
  };
  const pinned = items.filter((u) => (u.buddyPosition ?? 0) > 0);

  const remove = useDeleteFriendship();
  const onRemove = (user: User) => {
    const name = user.name ?? '';
    confirm({
      title: t('buddies.removeTitle'),
      body: t('buddies.removeBody', { name }),
      confirmText: t('buddies.removeConfirm'),
      cancelText: t('buddies.cancel'),
      onConfirm: () =>
        remove.mutate(user, { onSuccess: () => toast.success(t('buddies.removed', { name })) }),
    });
  };

  const searchId = useId();
  const label = searching
    ? t('buddies.searchResults', { name: search.query })
    : near
      ? t('buddies.tab.near')
      : t('buddies.list');
  const empty = searching
    ? t('buddies.searchEmpty', { name: search.query })
    : near
      ? t('buddies.nearEmpty')
      : own
        ? t('buddies.empty')
        : t('buddies.emptyOf', { name: ownerName });

  // A private list (403): nothing to search or sort, only the reason.
  if (query.isError && isApiError(query.error, 'ApiForbiddenException'))
    return <ListError error={query.error} />;

  return (
    <>
      <div className={styles.toolbar}>
        <search className={fieldStyles.field}>
          <label htmlFor={searchId} className={fieldStyles.label}>
            {t('buddies.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={fieldStyles.input}
            placeholder={t('buddies.searchPlaceholder')}
            autoComplete="off"
            maxLength={40}
            onKeyUp={search.onKeyUp}
            onKeyDown={(event) => event.key === 'Enter' && search.now(event.currentTarget.value)}
            onChange={(event) => event.target.value === '' && search.now('')}
          />
        </search>
        {!near && (
          <div className={fieldStyles.field}>
            <label htmlFor={`${searchId}-sort`} className={fieldStyles.label}>
              {t('buddies.sort')}
            </label>
            <select
              id={`${searchId}-sort`}
              className={fieldStyles.input}
              value={sort ?? ''}
              disabled={!sort}
              onChange={(event) => {
                const next = event.target.value;
                if (!isBuddySort(next)) return;
                if (own) setSort.mutate(next);
                else setLocalSort(next);
              }}
            >
              {!sort && <option value="" />}
              {SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(sortLabelKey(value, own))}
                </option>
              ))}
            </select>
          </div>
        )}
        {!near && sort && !putsOnlineFirst(sort) && (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={onlineFirst}
              onChange={(event) => setOnlineFirst(event.target.checked)}
            />
            {t('buddies.onlineFirst')}
          </label>
        )}
      </div>
      {positionsOn && items.length > 1 && <p className={styles.hint}>{t('buddies.positionsHint')}</p>}
      {query.isError ? (
        <ListError error={query.error} />
      ) : (
        <section className={styles.results} aria-label={label}>
          {searching && <h2>{label}</h2>}
          {query.isSuccess && items.length === 0 && (
            <p className={styles.muted} role="status">
              {empty}
              {own && !searching && !near && (
                <>
                  {' '}
                  <Link to={PATHS.search}>{t('buddies.findPeople')}</Link>
                </>
              )}
            </p>
          )}
          <InfiniteList
            items={items}
            getKey={(user) => user.uid}
            renderItem={(user) => {
              const at = pinned.findIndex((p) => p.uid === user.uid);
              return (
                <FriendRow
                  user={user}
                  positions={
                    positionsOn
                      ? {
                          pinned: at >= 0,
                          first: at === 0,
                          last: at === pinned.length - 1,
                          busy: setPositions.isPending,
                          onMove: (how) => onMove(user, how),
                        }
                      : undefined
                  }
                  drag={
                    positionsOn
                      ? {
                          dragging: dragged === user.uid,
                          over: over === user.uid && dragged !== user.uid,
                          onDragStart: () => setDragged(user.uid),
                          onDragEnter: () => setOver(user.uid),
                          onDragEnd: () => {
                            setDragged(null);
                            setOver(null);
                          },
                          onDrop: () => {
                            if (dragged !== null) save(dropOn(items, dragged, user.uid));
                            setDragged(null);
                            setOver(null);
                          },
                        }
                      : undefined
                  }
                  onRemove={own ? () => onRemove(user) : undefined}
                >
                  {!own && <AddFriendButton user={user} />}
                </FriendRow>
              );
            }}
            hasMore={query.hasNextPage}
            isLoading={query.isPending || query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label={label}
          />
        </section>
      )}
    </>
  );
}
