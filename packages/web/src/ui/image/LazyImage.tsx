import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { useNearScreen } from '../useNearScreen';
import styles from './LazyImage.module.css';

/** Images start loading 500 px before they scroll into view. */
export const LAZY_THRESHOLD_PX = 500;
/** A failed thumbnail is retried after 1 second. */
export const IMAGE_RETRY_MS = 1000;

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string;
  alt: string;
  /** How many times a failed load is retried. */
  retries?: number;
};

/** A retry must bypass the failed cached response, so it carries a query marker. */
export function retryUrl(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

export function LazyImage({ src, alt, retries = 1, className, srcSet, ...img }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  // IntersectionObserver replaces a 250 ms scroll polling with the same 500 px margin.
  const visible = useNearScreen(ref, `${LAZY_THRESHOLD_PX}px`);
  // Retry bookkeeping belongs to one src: a new src starts afresh.
  const [tries, setTries] = useState({ src, attempt: 0, failed: false });
  const current = tries.src === src ? tries : { src, attempt: 0, failed: false };
  const { attempt, failed } = current;

  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const onError = () => {
    if (attempt < retries) {
      retryTimer.current = setTimeout(() => setTries({ ...current, attempt: attempt + 1 }), IMAGE_RETRY_MS);
    } else {
      setTries({ ...current, failed: true });
    }
  };

  return (
    <img
      ref={ref}
      {...img}
      alt={alt}
      src={visible ? retryUrl(src, attempt) : undefined}
      // The 2x variants wait like src does (and a retry falls back to src alone).
      srcSet={visible && attempt === 0 ? srcSet : undefined}
      data-state={failed ? 'failed' : visible ? 'loading' : 'waiting'}
      className={[styles.image, className].filter(Boolean).join(' ')}
      decoding="async"
      onError={onError}
    />
  );
}
