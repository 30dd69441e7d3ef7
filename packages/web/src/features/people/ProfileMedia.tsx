import { useQueryClient } from '@tanstack/react-query';
import { ProfileMediaLimits, type User } from '@tertulia/contract';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useProfileMedia, userKey } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import fieldStyles from '../../ui/Field.module.css';
import { toast } from '../../ui/toast/toastStore';
import styles from './Profile.module.css';
import './texts';

/** While an upload is processing, the profile asks for the member's User this often. */
export const PROCESSING_POLL_MS = 2500;
const AUDIO_ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.opus,.wav,.flac,.webm';
const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov';

/**
 * The profile song and video (docs/profile-media.md): an audio player with the song's title and a
 * video with its poster, for whoever the server shows them to. On one's own profile: set, change
 * or remove each; a fresh upload shows "Procesando…" until the server has it ready.
 */
export function ProfileMedia({ user, own, idPrefix }: { user: User; own: boolean; idPrefix: string }) {
  const { t } = useI18n();
  const processing = !!(user.songProcessing || user.profileVideoProcessing);
  useProcessingWatch(user, own && processing);
  if (!own && !user.songUrl && !user.profileVideo) return null;
  const name = user.name ?? '';
  const titleId = `${idPrefix}-media`;
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="profile-media">
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('profileMedia.title')}
      </h2>
      {user.songUrl && (
        <figure className={styles.mediaSong} data-testid="profile-song">
          <figcaption>
            <span aria-hidden="true">🎵 </span>
            {user.song || t('profileMedia.songOf', { name })}
          </figcaption>
          {/* biome-ignore lint/a11y/useMediaCaption: a song has no words to caption */}
          <audio controls preload="none" src={user.songUrl} aria-label={t('profileMedia.songOf', { name })} />
        </figure>
      )}
      {user.profileVideo && (
        // biome-ignore lint/a11y/useMediaCaption: members' clips come without captions
        <video
          className={styles.mediaVideo}
          controls
          playsInline
          preload="none"
          poster={user.profileVideo.poster}
          src={user.profileVideo.url}
          aria-label={t('profileMedia.videoOf', { name })}
          data-testid="profile-video"
        />
      )}
      {own && <OwnMediaTools user={user} />}
    </section>
  );
}

/** Asks again while something processes; says when it is ready, or that it failed. */
function useProcessingWatch(user: User, watching: boolean) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const before = useRef<{ song?: string; video?: string } | undefined>(undefined);
  useEffect(() => {
    if (!watching) return;
    before.current ??= { song: user.songUrl, video: user.profileVideo?.url };
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: userKey(user.uid) }),
      PROCESSING_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [watching, queryClient, user.uid, user.songUrl, user.profileVideo?.url]);
  useEffect(() => {
    if (watching || !before.current) return;
    const changed = before.current.song !== user.songUrl || before.current.video !== user.profileVideo?.url;
    before.current = undefined;
    if (changed) toast.success(t('profileMedia.ready'));
    else toast.error(t('profileMedia.failed'));
  }, [watching, user.songUrl, user.profileVideo?.url, t]);
}

function OwnMediaTools({ user }: { user: User }) {
  const { t } = useI18n();
  const media = useProfileMedia();
  const [title, setTitle] = useState('');
  const titleId = useId();
  const busy = media.setSong.isPending || media.setVideo.isPending;
  const pickSong = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file)
      media.setSong.mutate(
        { song: file, title: title.trim() || undefined },
        { onSuccess: () => setTitle('') },
      );
  };
  const pickVideo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) media.setVideo.mutate(file);
  };
  const hint = t('profileMedia.hint', {
    songMinutes: ProfileMediaLimits.SONG_MAX_SECONDS / 60,
    videoSeconds: ProfileMediaLimits.VIDEO_MAX_SECONDS,
  });
  return (
    <div className={styles.mediaTools}>
      {!user.songUrl && !user.profileVideo && <p className={styles.muted}>{t('profileMedia.empty')}</p>}
      {(busy || user.songProcessing || user.profileVideoProcessing) && (
        <p role="status" data-testid="profile-media-processing">
          {t('profileMedia.processing')}
        </p>
      )}
      <label htmlFor={titleId} className={styles.mediaTitleLabel}>
        {t('profileMedia.songTitle')}
        <input
          id={titleId}
          className={fieldStyles.input}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <div className={styles.mediaButtons}>
        <label className={buttonClass('secondary')}>
          {user.songUrl ? t('profileMedia.changeSong') : t('profileMedia.setSong')}
          <input
            type="file"
            accept={AUDIO_ACCEPT}
            className="visually-hidden"
            onChange={pickSong}
            disabled={busy}
            data-testid="profile-song-file"
          />
        </label>
        {(user.songUrl || user.song) && (
          <Button
            variant="ghost"
            onClick={() => media.removeSong.mutate()}
            disabled={media.removeSong.isPending}
          >
            {t('profileMedia.removeSong')}
          </Button>
        )}
        <label className={buttonClass('secondary')}>
          {user.profileVideo ? t('profileMedia.changeVideo') : t('profileMedia.setVideo')}
          <input
            type="file"
            accept={VIDEO_ACCEPT}
            className="visually-hidden"
            onChange={pickVideo}
            disabled={busy}
            data-testid="profile-video-file"
          />
        </label>
        {user.profileVideo && (
          <Button
            variant="ghost"
            onClick={() => media.removeVideo.mutate()}
            disabled={media.removeVideo.isPending}
          >
            {t('profileMedia.removeVideo')}
          </Button>
        )}
      </div>
      <p className={styles.muted}>{hint}</p>
    </div>
  );
}
