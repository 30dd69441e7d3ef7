import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './Live.module.css';

/**
 * The viewer's player: hls.js (loaded with this page only, its own chunk) where Media Source
 * Extensions exist, the browser's own HLS where they don't (Safari on iPhone). Tuned for live: it
 * plays about two segments behind the live edge and speeds up a little to catch up after a stall.
 * It starts muted, because browsers only autoplay silent video; the page offers the sound.
 */

/** hls.js settings for one-second segments (docs/live.md): a few seconds glass to glass. */
export const LOW_LATENCY = {
  lowLatencyMode: true,
  liveSyncDuration: 2,
  liveMaxLatencyDuration: 6,
  maxLiveSyncPlaybackRate: 1.25,
  backBufferLength: 10,
  // The first segments exist a second or two after the streamer starts: keep asking meanwhile.
  manifestLoadingMaxRetry: 20,
  manifestLoadingRetryDelay: 1000,
  levelLoadingMaxRetry: 20,
  fragLoadingMaxRetry: 10,
} as const;

export function HlsVideo({
  src,
  muted,
  label,
  children,
  onStop,
}: {
  src: string;
  muted: boolean;
  label: string;
  children?: ReactNode;
  /** The stream ended or cannot be loaded: the page asks whether the broadcast is over. */
  onStop?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [waiting, setWaiting] = useState(true);
  // The latest callback without restarting the player when the page passes a new one.
  const stopRef = useRef(onStop);
  stopRef.current = onStop;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    let destroy = () => {};
    const play = () => void element.play().catch(() => {});
    // At most one question every 5 s while the playlist keeps failing (it retries every second).
    let askedAt = 0;
    const stopped = () => {
      if (Date.now() - askedAt < 5000) return;
      askedAt = Date.now();
      stopRef.current?.();
    };
    element.addEventListener('ended', stopped);
    (async () => {
      // The light build: no subtitles, alternate audio or DRM, none of which a live broadcast has.
      const { default: Hls } = await import('hls.js/light');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls(LOW_LATENCY);
        let retry: ReturnType<typeof setTimeout> | undefined;
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A playlist not there yet, or a blip: ask again in a second; a broken stream recovers.
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else {
            stopped();
            retry = setTimeout(() => hls.loadSource(src), 1000);
          }
        });
        hls.loadSource(src);
        hls.attachMedia(element);
        destroy = () => {
          if (retry) clearTimeout(retry);
          hls.destroy();
        };
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = src;
        element.addEventListener('loadedmetadata', play, { once: true });
        destroy = () => element.removeAttribute('src');
      }
    })();
    return () => {
      cancelled = true;
      element.removeEventListener('ended', stopped);
      destroy();
    };
  }, [src]);

  return (
    <div className={styles.player}>
      <video
        ref={video}
        className={styles.video}
        muted={muted}
        autoPlay
        playsInline
        aria-label={label}
        data-testid="live-video"
        onPlaying={() => setWaiting(false)}
        onWaiting={() => setWaiting(true)}
      />
      {waiting && <div className={styles.spinner} aria-hidden="true" />}
      {children}
    </div>
  );
}
