import { useQueryClient } from '@tanstack/react-query';
import { GiftSource, type LiveBroadcast } from '@tertulia/contract';
import { useCallback, useEffect, useState } from 'react';
import { broadcastKey, joinBroadcast, leaveBroadcast, patchBroadcast } from '../../api/areas/live';
import { useSession } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import { AddFriendSlot } from '../../ui/member/profileSlots';
import { UserLink } from '../../ui/member/UserLink';
import { PATHS } from '../../ui/paths';
import { ShareButton } from '../../ui/sheet/ShareButton';
import { giftDialog } from '../gifts/dialogs';
import { reportDialog } from '../people/dialogs';
import { BroadcastChat } from './BroadcastChat';
import { GiftOverlay } from './GiftOverlay';
import { HlsVideo } from './HlsVideo';
import styles from './Live.module.css';
import './texts';
import '../webpush/texts';

/**
 * Watching a broadcast (docs/live.md): the video, who and what, the viewer count (joined on open,
 * left on close, re-joined after the push socket comes back), the broadcast's chat beside it, gifts
 * over the video, and the ways to act on the streamer (gift, friend, report, share). The page
 * turns to "ended" when the streamer stops, an admin ends it or the stream drops.
 */
export function WatchPage({ broadcast }: { broadcast: LiveBroadcast }) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const id = broadcast.broadcast_id;
  const streamer = broadcast.user;
  const [muted, setMuted] = useState(true);
  const [endedBy, setEndedBy] = useState<string | undefined>(
    broadcast.end_timestamp ? 'streamer' : undefined,
  );
  const ended = endedBy !== undefined;
  const setViewers = useCallback(
    (viewers: number) => patchBroadcast(queryClient, id, { viewers }),
    [queryClient, id],
  );
  const setDiamonds = useCallback(
    (diamonds: number) => patchBroadcast(queryClient, id, { diamonds }),
    [queryClient, id],
  );

  // A push can be missed (a broadcast ended from the command line of a machine without Redis, a
  // socket down at that moment): when the stream stops, the broadcast is read again, and an
  // end_timestamp there ends the page as the push would.
  const streamStopped = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: broadcastKey(id) }),
    [queryClient, id],
  );
  useEffect(() => {
    if (broadcast.end_timestamp) setEndedBy((reason) => reason ?? 'streamer');
  }, [broadcast.end_timestamp]);

  useEffect(() => {
    if (ended) return;
    const join = () => joinBroadcast({ broadcastId: id }).then(setViewers, () => undefined);
    void join();
    const off = [
      pushDispatcher.on('liveViewers', (e) => e.broadcastId === id && setViewers(e.viewers)),
      pushDispatcher.on('liveEnded', (e) => e.broadcastId === id && setEndedBy(e.reason)),
      pushDispatcher.on('hello', () => void join()),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
      void leaveBroadcast({ broadcastId: id }).catch(() => undefined);
    };
  }, [id, ended, setViewers]);

  const name = streamer.name ?? '';
  return (
    <main className={styles.watch} data-testid="live-watch" data-ended={ended || undefined}>
      <div className={styles.stage}>
        {ended ? (
          <div className={styles.endedBox} role="status" data-testid="live-ended">
            <p>{endedBy === 'admin' ? t('live.watch.endedAdmin') : t('live.watch.ended')}</p>
          </div>
        ) : (
          <HlsVideo
            src={broadcast.playlist}
            muted={muted}
            label={t('live.watch.videoLabel', { name })}
            onStop={streamStopped}
          >
            <div className={styles.badges}>
              <span className={styles.onAir} data-testid="live-state">
                {t('live.onAir')}
              </span>
              <span className={styles.viewers} data-testid="live-viewers">
                {t('live.viewers', { count: broadcast.viewers })}
              </span>
            </div>
            <button type="button" className={styles.soundButton} onClick={() => setMuted((m) => !m)}>
              {muted ? t('live.watch.unmute') : t('live.watch.mute')}
            </button>
            <GiftOverlay broadcastId={id} forStreamer={broadcast.isStreamer} onDiamonds={setDiamonds} />
          </HlsVideo>
        )}
        <div className={styles.about}>
          <Avatar user={streamer} size={48} showPresence={false} lazy={false} />
          <div className={styles.aboutText}>
            <h1 className={styles.watchTitle}>{broadcast.title || t('live.pageTitle', { name })}</h1>
            <p className={styles.byline}>
              <UserLink user={streamer} /> · {t('live.diamonds', { count: broadcast.diamonds })}
            </p>
          </div>
        </div>
        {!broadcast.isStreamer && me && (
          <div className={styles.actions}>
            {!ended && (
              <Button
                onClick={() =>
                  openDialog(giftDialog, {
                    userId: streamer.uid,
                    userName: name,
                    source: GiftSource.LIVE,
                    broadcastId: id,
                  })
                }
              >
                {t('live.watch.gift')}
              </Button>
            )}
            <AddFriendSlot user={streamer} />
            <Button
              variant="secondary"
              onClick={() => openDialog(reportDialog, { user: { uid: streamer.uid, name } })}
            >
              {t('live.watch.report')}
            </Button>
            {!ended && <ShareButton path={PATHS.live(streamer.uid)} title={t('live.shareTitle', { name })} />}
          </div>
        )}
      </div>
      <BroadcastChat roomId={broadcast.room_id} ended={ended} />
    </main>
  );
}
