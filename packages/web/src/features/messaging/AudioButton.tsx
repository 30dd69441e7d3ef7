import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import styles from './Conversation.module.css';
import './texts';

/** The audio progress ticks every 10 ms. */
export const AUDIO_TICK_MS = 10;

/** A voice message: one button toggles play and pause, with its progress. */
export function AudioButton({ src }: { src: string }) {
  const { t } = useI18n();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const element = audio.current;
      if (element?.duration && Number.isFinite(element.duration))
        setProgress(element.currentTime / element.duration);
    }, AUDIO_TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <span className={styles.audio}>
      <button
        type="button"
        className={styles.audioButton}
        onClick={toggle}
        aria-pressed={playing}
        aria-label={playing ? t('im.audio.pause') : t('im.audio.play')}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path fill="currentColor" d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
      <progress
        className={styles.audioProgress}
        max={1}
        value={progress}
        aria-label={t('im.audio.progress')}
      />
      {/* biome-ignore lint/a11y/useMediaCaption: a voice message has no caption track */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setProgress(0);
        }}
      />
    </span>
  );
}
