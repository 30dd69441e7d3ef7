import { FeedEventType, FeedFilter, type User } from '@tertulia/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  storeSeenEvents,
  useAllowNsfw,
  useFeed,
  useFeedSettings,
  useSetFeedFilter,
} from '../../api/areas/feed';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { Avatar } from '../../ui/member/Avatar';
import { PATHS } from '../../ui/paths';
import { InFeedAdSlot } from '../premium/InFeedAdSlot';
import { SpotlightStrip } from '../premium/SpotlightStrip';
import { showAds } from '../premium/showAds';
import { StoriesStrip } from '../stories/StoriesStrip';
import { newPostDialog, statusDialog } from './dialogs';
import styles from './Feed.module.css';
import { FeedItem } from './FeedItem';
import { NsfwOptIns } from './NsfwOptIns';
import { FEED_TABS, type FeedTab, SeenQueue, tabOf, visibleEvents, withAdSlot } from './rules';
import { useNewPosts } from './useNewPosts';

/** "What's on your mind": opens the status dialog; the photo button the new-post dialog. */
function Composer({ user }: { user: User }) {
  const { t } = useI18n();
  return (
    <section className={styles.composer} aria-label={t('feed.statusTitle')}>
      <div className={styles.composerRow}>
        <Avatar user={user} size={44} showPresence={false} />
        <button type="button" className={styles.prompt} onClick={() => openDialog(statusDialog, {})}>
          {t('feed.prompt', { name: user.firstName || user.name || '' })}
        </button>
      </div>
      <div className={styles.composerActions}>
        <button
          type="button"
          className={styles.action}
          onClick={() => openDialog(newPostDialog, { photo: true })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={styles.photoIcon}>
            <path
              fill="currentColor"
              d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v10.6l3.5-3.5 3 3 4-4L19 14.6V5H5Zm3.5 1.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z"
            />
          </svg>
          <span>{t('feed.photo')}</span>
        </button>
        <button type="button" className={styles.action} onClick={() => openDialog(statusDialog, {})}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={styles.statusIcon}>
            <path
              fill="currentColor"
              d="M4 17.3V20h2.7l8-8-2.7-2.7-8 8Zm12.7-7.9 1.6-1.6a1 1 0 0 0 0-1.4l-1.3-1.3a1 1 0 0 0-1.4 0l-1.6 1.6 2.7 2.7Z"
            />
          </svg>
          <span>{t('feed.status')}</span>
        </button>
      </div>
    </section>
  );
}

function Tabs({
  current,
  onChange,
  panelId,
}: {
  current: FeedTab;
  onChange: (tab: FeedTab) => void;
  panelId: string;
}) {
  const { t } = useI18n();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between tabs (the ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + FEED_TABS.length) % FEED_TABS.length;
    refs.current[next]?.focus();
    onChange(FEED_TABS[next]);
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('feed.tabs')}>
      {FEED_TABS.map((tab, index) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab === current}
          aria-controls={panelId}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {t(`feed.filter.${tab}` as MessageKey)}
        </button>
      ))}
    </div>
  );
}

function Skeletons() {
  return (
    <div className={styles.feed} aria-hidden="true">
      <div className={styles.skeleton} />
      <div className={styles.skeleton} />
    </div>
  );
}

/**
 * The home feed: composer, filter tabs (the choice is remembered by the server),
 * "N new posts" from the feedEvent push, infinite scroll, and the NSFW opt-in.
 */
export default function Feed({ user }: { user: User }) {
  const { t } = useI18n();
  const panelId = useId();
  const top = useRef<HTMLDivElement>(null);
  const settings = useFeedSettings();
  const [chosen, setChosen] = useState<FeedTab | null>(null);
  // The remembered filter once the settings arrive; "all" if they cannot be read.
  const filter: FeedTab | null =
    chosen ?? (settings.data ? tabOf(settings.data) : settings.isError ? 1 : null);
  const remember = useSetFeedFilter();
  const nsfw = useAllowNsfw();
  const allowNsfw = settings.data?.allowNSFW ?? false;
  const feed = useFeed(filter);
  const events = useMemo(
    () => visibleEvents(feed.data?.pages.flat() ?? [], allowNsfw),
    [feed.data, allowNsfw],
  );
  // The in-feed ad (event 25, phones): its slot is placed with the events, in the same render.
  const withAd = useMemo(() => withAdSlot(events, showAds(user, false)), [events, user]);
  const fresh = useNewPosts({ filter, me: user.uid, shown: events });
  const seen = useRef<SeenQueue>(null);
  seen.current ??= new SeenQueue(storeSeenEvents);
  const onSeen = useMemo(() => (id: number) => seen.current?.add(id), []);

  // Relative times ("hace 3 minutos") move on while the page stays open.
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);

  const choose = (tab: FeedTab) => {
    if (tab === filter) return;
    setChosen(tab);
    remember.mutate(tab);
  };

  const reveal = () => {
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    void fresh.reveal();
  };

  return (
    <div className={styles.feed} ref={top}>
      <SpotlightStrip place="home" />
      <StoriesStrip user={user} />
      <Composer user={user} />
      {filter !== null && <Tabs current={filter} onChange={choose} panelId={panelId} />}
      <NsfwOptIns user={user} feed={{ allowed: allowNsfw, ready: !!settings.data, save: nsfw }} />
      <div className={styles.pillSlot}>
        {fresh.count > 0 && (
          <button type="button" className={styles.pill} onClick={reveal} data-testid="new-posts">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
              <path fill="currentColor" d="M11 20V7.8l-5.6 5.6L4 12l8-8 8 8-1.4 1.4L13 7.8V20h-2Z" />
            </svg>
            {t('feed.newPosts', { count: fresh.count })}
          </button>
        )}
      </div>
      <div id={panelId} role="tabpanel" className={styles.panel} aria-label={t('feed.title')}>
        {filter === null || feed.isPending ? (
          <Skeletons />
        ) : feed.isError && events.length === 0 ? (
          <div className={styles.empty} role="alert">
            <p>{errorText(feed.error) || t('feed.loadError')}</p>
            <Button variant="secondary" onClick={() => void feed.refetch()}>
              {t('feed.retry')}
            </Button>
          </div>
        ) : events.length === 0 && !feed.hasNextPage ? (
          <div className={styles.empty}>
            <h2>{t('feed.empty.title')}</h2>
            <p>{t(`feed.empty.${filter}` as MessageKey)}</p>
            {(filter === FeedFilter.ALL || filter === FeedFilter.FRIENDS) && (
              <Link to={PATHS.search} className={buttonClass('secondary')}>
                {t('buddies.findPeople')}
              </Link>
            )}
          </div>
        ) : (
          <InfiniteList
            items={withAd}
            getKey={(event) => event.id ?? `${event.type}-${event.userId}-${event.creationTime}`}
            renderItem={(event) =>
              event.type === FeedEventType.AD ? (
                <InFeedAdSlot />
              ) : (
                <FeedItem event={event} me={user} onSeen={onSeen} />
              )
            }
            hasMore={!!feed.hasNextPage}
            isLoading={feed.isFetchingNextPage}
            onLoadMore={() => void feed.fetchNextPage()}
            className={styles.list}
            label={t('feed.title')}
          />
        )}
      </div>
    </div>
  );
}
