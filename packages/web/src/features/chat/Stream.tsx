import type { ChatEntry } from '@tertulia/contract';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { GiftArrivals } from '../../ui/gift/GiftArrivals';
import { GiftImage } from '../../ui/gift/GiftImage';
import { RichText } from '../../ui/markup/RichText';
import { Avatar } from '../../ui/member/Avatar';
import { useClockTime } from '../../ui/time/clock';
import { EphemeralTile } from '../ephemeral/EphemeralTile';
import { contentParts, safeMediaUrl } from '../messaging/rules';
import { ContestCard } from '../rewards/ContestCard';
import { SpinLine } from '../rewards/SpinLine';
import styles from './Chat.module.css';
import { entryColors, entryKey, imageShown, type Layout } from './rules';
import type { RoomNotice } from './useRoomSession';
import './texts';

/** A line's text, images (collapsed by setting until opened) and media tags; never HTML. */
export function EntryBody({
  entry,
  collapse,
  opened,
  onOpen,
}: {
  entry: ChatEntry;
  collapse: boolean;
  opened: ReadonlySet<string>;
  onOpen: (key: string) => void;
}) {
  const { t } = useI18n();
  const key = entryKey(entry);
  return (
    <>
      {contentParts(entry.message ?? '').map((part, index) => {
        const partKey = `${key}#${index}`;
        if (part.type === 'image') {
          const src = safeMediaUrl(part.value);
          if (!src) return null;
          return imageShown(collapse, opened, partKey) ? (
            <img key={partKey} className={styles.entryImage} src={src} alt={t('chat.image')} loading="lazy" />
          ) : (
            <button
              key={partKey}
              type="button"
              className={styles.collapsed}
              data-testid="chat-collapsed-image"
              onClick={() => onOpen(partKey)}
            >
              {t('chat.showImage')}
            </button>
          );
        }
        if (part.type === 'ephemeral') return <EphemeralTile key={partKey} value={part.value} />;
        if (part.type === 'text' || part.type === 'icebreaker')
          return <RichText key={partKey} text={part.value} emoticonPath={entry.emoticonPath} />;
        if (part.type === 'spin' || part.type === 'contest') {
          // The server fills entry.spin / entry.contest only for the sender's own (features/rewards).
          if (part.type === 'spin' && entry.spin) return <SpinLine key={partKey} spin={entry.spin} mine />;
          if (part.type === 'contest' && entry.contest)
            return <ContestCard key={partKey} contest={entry.contest} inline />;
          return <RichText key={partKey} text={`[${part.type}]${part.value}[/${part.type}]`} />;
        }
        if (part.type === 'gift' && entry.gift)
          return (
            <span key={partKey} className={styles.tag} data-testid="chat-gift">
              <GiftImage giftId={entry.gift.id} alt={t('im.preview.gift')} size={40} /> {t('im.preview.gift')}
            </span>
          );
        return (
          <span key={partKey} className={styles.tag}>
            {t('chat.media')}
          </span>
        );
      })}
    </>
  );
}

type Item = { kind: 'entry'; entry: ChatEntry } | { kind: 'notice'; notice: RoomNotice };

/** The room's lines, newest at the bottom; it follows new lines while the member is at the bottom. */
export function Stream({
  entries,
  notices,
  me,
  layout,
  collapse,
  onUser,
}: {
  entries: readonly ChatEntry[];
  notices: readonly RoomNotice[];
  me: number | undefined;
  layout: Layout;
  collapse: boolean;
  onUser: (uid: number) => void;
}) {
  const { t } = useI18n();
  const clock = useClockTime();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  /** Lines arrived while the member was reading further up. */
  const [fresh, setFresh] = useState(false);
  const lastKey = useRef<string | undefined>(undefined);
  const items: Item[] = [
    ...entries.map((entry) => ({ kind: 'entry' as const, entry })),
    ...notices.map((notice) => ({ kind: 'notice' as const, notice })),
  ].sort(
    (a, b) =>
      (a.kind === 'entry' ? (a.entry.timestamp ?? 0) : a.notice.timestamp) -
      (b.kind === 'entry' ? (b.entry.timestamp ?? 0) : b.notice.timestamp),
  );

  const newest = entries.length ? entryKey(entries[entries.length - 1]) : undefined;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
    if (newest !== lastKey.current) {
      if (lastKey.current !== undefined && !atBottom.current) setFresh(true);
      lastKey.current = newest;
    }
  });
  const toBottom = () => {
    const el = box.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setFresh(false);
  };
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      if (atBottom.current) setFresh(false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // Images that load after a line arrived grow the stream: stay at the bottom if it was there.
    const grown =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (atBottom.current) el.scrollTop = el.scrollHeight;
          });
    if (el.firstElementChild) grown?.observe(el.lastElementChild ?? el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', onScroll);
      grown?.disconnect();
    };
  }, []);

  // Gifts arriving now float over the stream (their lines stay in it).
  const gifts = useMemo(() => entries.map((e) => ({ key: entryKey(e), giftId: e.gift?.id })), [entries]);
  let previous: ChatEntry | undefined;
  return (
    <div className={styles.streamWrap}>
      <GiftArrivals items={gifts} />
      <div ref={box} className={styles.stream} data-layout={layout} data-testid="chat-stream">
        {!items.length && <p className={styles.streamEmpty}>{t('chat.streamEmpty')}</p>}
        <ol className={styles.lines} aria-label={t('chat.stream')} aria-live="polite">
          {items.map((item) => {
            if (item.kind === 'notice') {
              previous = undefined;
              return (
                <li key={item.notice.key} className={styles.notice} data-testid="chat-notice">
                  {item.notice.text}
                </li>
              );
            }
            const e = item.entry;
            const key = entryKey(e);
            // In cozy and comfortable, a run of lines from one sender shows the name once.
            const continued =
              layout !== 'compact' &&
              previous?.user?.uid === e.user?.uid &&
              (e.timestamp ?? 0) - (previous?.timestamp ?? 0) < 5 * 60_000;
            previous = e;
            const own = e.user?.uid !== undefined && e.user.uid === me;
            const time = e.timestamp ? clock(e.timestamp) : '';
            const name = e.user ? (
              <>
                <button type="button" className={styles.sender} onClick={() => onUser(e.user!.uid)}>
                  {e.user.name}
                </button>
                {e.isGag && <span className={styles.muted}>{t('chat.muted')}</span>}
              </>
            ) : null;
            // The message, inline after the name (compact) or as its own block under it.
            const message = {
              className: styles.message,
              style: entryColors(e.color, e.bgColor),
              'data-emoticons': e.emoticonPath,
              children: (
                <EntryBody
                  entry={e}
                  collapse={collapse}
                  opened={opened}
                  onOpen={(k) => setOpened((s) => new Set([...s, k]))}
                />
              ),
            };
            return (
              <li
                key={key}
                className={styles.line}
                data-continued={continued || undefined}
                data-own={own || undefined}
                data-testid="chat-entry"
              >
                {layout !== 'compact' && (
                  <span className={styles.lineAvatar}>
                    {!continued && e.user ? (
                      <Avatar user={e.user} size={layout === 'comfortable' ? 40 : 32} showPresence={false} />
                    ) : null}
                  </span>
                )}
                <div className={styles.lineMain}>
                  {layout === 'compact' ? (
                    <Fragment>
                      <time className={styles.time}>{time}</time> {name}
                      <span {...message} />
                    </Fragment>
                  ) : (
                    <Fragment>
                      {!continued && (
                        <div className={styles.lineHead}>
                          {name}
                          <time className={styles.time}>{time}</time>
                        </div>
                      )}
                      <div {...message} />
                    </Fragment>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      {fresh && (
        <button type="button" className={styles.freshPill} onClick={toBottom}>
          {t('chat.newLines')}
        </button>
      )}
    </div>
  );
}
