import { type LiveConfig, LiveLimits } from '@tertulia/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  useBroadcast,
  useBroadcastId,
  useEndBroadcast,
  useLiveConfig,
  useStartBroadcast,
} from '../../api/areas/live';
import { pushDispatcher } from '../../api/dispatcher';
import type { IngestStatus } from '../../api/liveIngest';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText, handleError } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import { BroadcastChat } from './BroadcastChat';
import { type Broadcaster, startBroadcaster } from './broadcaster';
import { GiftOverlay } from './GiftOverlay';
import styles from './Live.module.css';
import { SaveAsStory } from './SaveAsStory';
import { StudioControls } from './StudioControls';
import { TopStreamers } from './TopStreamers';
import { useCamera } from './useCamera';
import './texts';
import '../webpush/texts';

/** Why the caller may not go live, as a text key; undefined when they may. */
export function refusalOf(config: LiveConfig | undefined) {
  if (!config || config.mayGoLive) return undefined;
  if (!config.enabled) return 'live.notAllowed.disabled' as const;
  return `live.notAllowed.${config.who}` as const;
}

/**
 * The member's studio (`/live`): camera and microphone, a preview, a title, then on air. The
 * recording goes to the server over the ingest socket (broadcaster.ts); the broadcast's viewers,
 * chat and gifts show around the preview while on air. Leaving the page ends the broadcast.
 */
export function StudioPage({ userId }: { userId: number }) {
  const { t } = useI18n();
  usePageTitle(t('live.studio.title'));
  const titleId = useId();
  const config = useLiveConfig();
  const onAirId = useBroadcastId(userId);
  const camera = useCamera();
  const start = useStartBroadcast(userId);
  const end = useEndBroadcast(userId);
  const preview = useRef<HTMLVideoElement>(null);
  const broadcaster = useRef<Broadcaster | undefined>(undefined);
  const [title, setTitle] = useState('');
  const [liveId, setLiveId] = useState('');
  const [link, setLink] = useState<IngestStatus>();
  const [lost, setLost] = useState('');
  const broadcast = useBroadcast(liveId);
  const [viewers, setViewers] = useState(0);
  // Broadcasts ended on this page: after one, the studio offers to save it as a story.
  const [ended, setEnded] = useState(0);
  const markEnded = useCallback(() => setEnded((n) => n + 1), []);

  useEffect(() => {
    if (preview.current && camera.stream) preview.current.srcObject = camera.stream;
  }, [camera.stream]);

  const stopSending = useCallback(() => {
    broadcaster.current?.stop();
    broadcaster.current = undefined;
    setLiveId('');
    setLink(undefined);
  }, []);

  // Leaving the page ends the broadcast: nobody is sending any more.
  const endOnLeave = useRef(() => {});
  endOnLeave.current = () => {
    if (broadcaster.current) end.mutate();
    stopSending();
  };
  useEffect(() => () => endOnLeave.current(), []);

  useEffect(() => {
    if (!liveId) return;
    return pushDispatcher.on('liveViewers', (e) => e.broadcastId === liveId && setViewers(e.viewers));
  }, [liveId]);
  useEffect(() => {
    if (!liveId) return;
    return pushDispatcher.on('liveEnded', (e) => {
      if (e.broadcastId !== liveId) return;
      stopSending();
      markEnded();
      setLost(e.reason === 'admin' ? t('live.watch.endedAdmin') : t('live.watch.ended'));
    });
  }, [liveId, stopSending, markEnded, t]);

  const goLive = () => {
    const video = preview.current;
    const stream = camera.stream;
    if (!video || !stream) return;
    setLost('');
    setEnded(0);
    start.mutate(title.trim(), {
      onSuccess: (broadcastId) => {
        try {
          broadcaster.current = startBroadcaster(broadcastId, video, stream, (status) => {
            setLink(status);
            if (status === 'lost') {
              stopSending();
              markEnded();
              setLost(t('live.link.lost'));
            }
          });
          setLiveId(broadcastId);
          setViewers(0);
        } catch {
          end.mutate();
          setLost(t('live.problem.unsupported'));
        }
      },
    });
  };
  const stop = () => {
    stopSending();
    end.mutate(undefined, { onSuccess: markEnded, onError: (error) => handleError(error) });
  };

  const refusal = refusalOf(config.data);
  const onAir = liveId !== '';
  // On air somewhere else (another tab or device): this page cannot take that broadcast over.
  const elsewhere = !onAir && !end.isPending && !!onAirId.data;
  const problem = camera.problem ? t(`live.problem.${camera.problem}`) : '';

  return (
    <main className={styles.studio} data-testid="live-studio" data-on-air={onAir || undefined}>
      <div className={styles.stage}>
        <h1 className={styles.studioTitle}>{t('live.studio.title')}</h1>
        <p className={styles.state} data-on-air={onAir || undefined} role="status" data-testid="live-state">
          {onAir ? t('live.onAir') : t('live.ownOffAir')}
        </p>
        {refusal ? (
          <p className={pageStyles.lead} role="alert" data-testid="live-refused">
            {t(refusal)}
          </p>
        ) : (
          <>
            <div className={styles.player} data-facing={camera.facing}>
              <video
                ref={preview}
                className={`${styles.video} ${styles.preview}`}
                muted
                autoPlay
                playsInline
                aria-label={t('live.studio.preview')}
                data-testid="live-preview"
                hidden={!camera.stream}
              />
              {!camera.stream && (
                <div className={styles.cameraOff}>
                  <p>{problem || t('live.studio.lead')}</p>
                  <Button onClick={() => void camera.open(camera.facing)}>
                    {t('live.studio.openCamera')}
                  </Button>
                </div>
              )}
              {onAir && (
                <div className={styles.badges}>
                  <span className={styles.onAir}>{t('live.onAir')}</span>
                  <span className={styles.viewers} data-testid="live-viewers">
                    {t('live.viewers', { count: viewers })}
                  </span>
                  {link && link !== 'open' && link !== 'closed' && (
                    <span className={styles.viewers}>{t(`live.link.${link}`)}</span>
                  )}
                </div>
              )}
              {onAir && <GiftOverlay broadcastId={liveId} forStreamer />}
            </div>
            {camera.stream && problem && <p role="alert">{problem}</p>}
            {lost && (
              <p role="alert" className={styles.alert}>
                {lost}
              </p>
            )}
            {start.isError && (
              <p role="alert" className={styles.alert}>
                {errorText(start.error)}
              </p>
            )}
            {elsewhere ? (
              <div className={styles.actions}>
                <p role="alert">{t('live.studio.alreadyLive')}</p>
                <Button variant="secondary" onClick={() => end.mutate()} disabled={end.isPending}>
                  {t('live.studio.endOther')}
                </Button>
              </div>
            ) : (
              <>
                {!onAir && (
                  <label className={styles.titleField} htmlFor={titleId}>
                    <span>{t('live.studio.titleLabel')}</span>
                    <input
                      id={titleId}
                      value={title}
                      maxLength={config.data?.titleMax ?? LiveLimits.TITLE_MAX}
                      placeholder={t('live.studio.titlePlaceholder')}
                      onChange={(e) => setTitle(e.target.value)}
                      data-testid="live-title"
                    />
                  </label>
                )}
                <StudioControls
                  camera={camera}
                  onAir={onAir}
                  starting={start.isPending}
                  onStart={goLive}
                  onEnd={stop}
                />
                {ended > 0 && !onAir && <SaveAsStory key={ended} userId={userId} />}
              </>
            )}
          </>
        )}
      </div>
      {onAir && broadcast.data && <BroadcastChat roomId={broadcast.data.room_id} ended={false} />}
      {!onAir && <TopStreamers />}
    </main>
  );
}
