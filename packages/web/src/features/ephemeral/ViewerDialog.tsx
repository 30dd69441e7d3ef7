import { useQueryClient } from '@tanstack/react-query';
import type { EphemeralItem } from '@tertulia/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type EphemeralRef, ephemeralKey, openEphemeral, reportViewTime } from '../../api/areas/ephemeral';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import styles from './Ephemeral.module.css';
import { countdownSeconds, TICK_MS } from './rules';
import './texts';

type Phase = 'loading' | 'showing' | 'paused' | 'done' | 'error';

/** Whether the page has the member's attention: visible and focused. */
const attentive = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * The viewer: the media with a countdown of the member's own time. Losing focus hides the media
 * and reports the time used (the server then stops serving it); coming back opens it again with
 * a new link. At zero it is gone for good, whatever the browser kept. No context menu, no drag.
 */
export default function ViewerDialog({ item: ref, dialog }: DialogComponentProps<{ item: EphemeralRef }>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const own = user?.uid === ref.authorId;
  const [phase, setPhase] = useState<Phase>('loading');
  const [item, setItem] = useState<EphemeralItem>();
  const [leftMs, setLeftMs] = useState(0);
  const [error, setError] = useState('');
  const [muted, setMuted] = useState(true);
  const deadline = useRef(0);
  const used = useRef(0);
  const current = useRef<EphemeralItem | undefined>(undefined);

  const report = useCallback(
    (final: boolean) => {
      const it = current.current;
      if (!it || own) return;
      const seconds = final
        ? it.expiration
        : Math.min(it.expiration, it.expiration - Math.max(0, deadline.current - Date.now()) / 1000);
      used.current = seconds;
      void reportViewTime(it, Math.round(seconds * 10) / 10)
        .catch(() => undefined)
        .finally(() => void queryClient.invalidateQueries({ queryKey: ephemeralKey(ref) }));
    },
    [own, queryClient, ref],
  );

  const open = useCallback(async () => {
    try {
      const opened = await openEphemeral(ref);
      current.current = opened;
      setItem(opened);
      deadline.current = Date.now() + opened.remaining * 1000;
      setLeftMs(opened.remaining * 1000);
      setPhase('showing');
    } catch (failure) {
      setError(errorText(failure));
      setPhase('error');
      void queryClient.invalidateQueries({ queryKey: ephemeralKey(ref) });
    }
  }, [ref, queryClient]);

  useEffect(() => {
    void open();
  }, [open]);

  // The countdown; at zero the media leaves the page.
  useEffect(() => {
    if (phase !== 'showing') return;
    const timer = setInterval(() => {
      const left = deadline.current - Date.now();
      setLeftMs(left);
      if (left <= 0 && !own) {
        setPhase('done');
        report(true);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [phase, own, report]);

  // Focus lost: hide and pause (the time used is recorded); focus back: open again.
  useEffect(() => {
    const onChange = () => {
      if (!attentive() && phase === 'showing') {
        setPhase('paused');
        report(false);
      } else if (attentive() && phase === 'paused') {
        setPhase('loading');
        void open();
      }
    };
    window.addEventListener('blur', onChange);
    window.addEventListener('focus', onChange);
    document.addEventListener('visibilitychange', onChange);
    return () => {
      window.removeEventListener('blur', onChange);
      window.removeEventListener('focus', onChange);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [phase, open, report]);

  const close = () => {
    if (phase === 'showing') report(false);
    dialog.close();
  };

  const block = (e: { preventDefault(): void }) => e.preventDefault();
  return (
    <DialogFrame title={t('ephemeral.viewer.title')} dialog={{ ...dialog, close }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only blocks the context menu and dragging */}
      <div
        className={styles.stage}
        onContextMenu={block}
        onDragStart={block}
        data-testid="ephemeral-viewer"
        data-phase={phase}
      >
        {phase === 'showing' && item?.origImage1 && (
          <img
            className={styles.media}
            src={item.origImage1}
            alt={t('ephemeral.tile.photo')}
            draggable={false}
          />
        )}
        {phase === 'showing' && item?.video && (
          <video
            className={styles.media}
            src={item.video}
            autoPlay
            muted={muted}
            playsInline
            disablePictureInPicture
            controlsList="nodownload noplaybackrate"
            data-testid="ephemeral-video"
          />
        )}
        {phase === 'showing' && !own && (
          <span className={styles.countdown} role="timer" data-testid="ephemeral-countdown">
            {t('ephemeral.viewer.left', { seconds: countdownSeconds(leftMs) })}
          </span>
        )}
        {phase === 'showing' && item?.video && muted && (
          <button type="button" className={styles.sound} onClick={() => setMuted(false)}>
            {t('ephemeral.viewer.sound')}
          </button>
        )}
        {phase === 'paused' && <p className={styles.message}>{t('ephemeral.viewer.paused')}</p>}
        {phase === 'done' && <p className={styles.message}>{t('ephemeral.viewer.done')}</p>}
        {phase === 'error' && (
          <p className={styles.message} role="alert" data-testid="ephemeral-error">
            {error}
          </p>
        )}
      </div>
      {own && item && (
        <section>
          <h3>{t('ephemeral.viewer.who')}</h3>
          {item.viewers?.length ? (
            <ul className={styles.viewers} data-testid="ephemeral-viewers">
              {item.viewers.map((v) => (
                <li key={v.uid}>
                  {v.name} · {t('ephemeral.viewer.seconds', { seconds: item.views[String(v.uid)] ?? 0 })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('ephemeral.tile.notSeen')}</p>
          )}
        </section>
      )}
    </DialogFrame>
  );
}
