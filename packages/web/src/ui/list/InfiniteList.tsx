import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/i18n';
import { onWindowResize } from '../resize/onResize';
import styles from './InfiniteList.module.css';
import {
  INFINITE_CHECK_MS,
  INFINITE_THRESHOLD_PX,
  type ScrollMetrics,
  shouldLoadMore,
} from './shouldLoadMore';

interface Props<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  threshold?: number;
  /** A scrolling element; the window when absent. */
  scrollRef?: RefObject<HTMLElement | null>;
  label?: string;
  /** Layout of the items (a grid of cards, say); a plain column when absent. */
  className?: string;
}

function metricsOf(element: HTMLElement | null | undefined): ScrollMetrics {
  if (element)
    return {
      scrollTop: element.scrollTop,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    };
  const doc = document.documentElement;
  return { scrollTop: window.scrollY, scrollHeight: doc.scrollHeight, clientHeight: window.innerHeight };
}

export function InfiniteList<T>(props: Props<T>) {
  const {
    items,
    getKey,
    renderItem,
    hasMore,
    isLoading,
    threshold = INFINITE_THRESHOLD_PX,
    scrollRef,
  } = props;
  const { t } = useI18n();
  // The latest props, read by the throttled listener without re-subscribing on every render.
  const latest = useRef(props);
  latest.current = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new items or flags mean a fresh check
  useEffect(() => {
    const check = () => {
      const p = latest.current;
      if (p.hasMore && !p.isLoading && shouldLoadMore(metricsOf(p.scrollRef?.current), threshold))
        p.onLoadMore();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        check();
      }, INFINITE_CHECK_MS);
    };
    const target: HTMLElement | Window = scrollRef?.current ?? window;
    target.addEventListener('scroll', onScroll, { passive: true });
    // A wider or taller window may leave room for more: checked once the resizing pauses.
    const stopResize = onWindowResize(check);
    // Short first pages may not fill the screen: check without waiting for a scroll.
    check();
    return () => {
      clearTimeout(timer);
      target.removeEventListener('scroll', onScroll);
      stopResize();
    };
  }, [threshold, scrollRef, items.length, hasMore, isLoading]);

  return (
    <div className={styles.list}>
      <ul
        className={[styles.items, props.className].filter(Boolean).join(' ')}
        aria-label={props.label}
        aria-busy={isLoading}
      >
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <p role="status" className={styles.status}>
        {isLoading ? t('list.loading') : !hasMore && items.length > 0 ? t('list.end') : ''}
      </p>
    </div>
  );
}
