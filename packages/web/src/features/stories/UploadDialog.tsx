import { useQueryClient } from '@tanstack/react-query';
import { StoryLimits } from '@tertulia/contract';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import styles from './Stories.module.css';
import { postStory, VIDEO_ACCEPT } from './upload';
import './texts';

const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

/**
 * The upload dialog: pick a video, preview it, and for one longer than the limit choose where
 * it starts (the server keeps MAX_SECONDS from there). Sending closes the dialog; the progress
 * toast follows the upload and the processing.
 */
export default function UploadDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [duration, setDuration] = useState(0);
  const [start, setStart] = useState(0);
  const [wrong, setWrong] = useState(false);
  const inputId = useId();
  const trimId = useId();
  const max = StoryLimits.MAX_SECONDS;

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    const ok = !picked?.type || VIDEO_TYPES.includes(picked.type);
    setWrong(!ok);
    setFile(ok ? picked : null);
    setStart(0);
    setDuration(0);
    setUrl(ok && picked ? URL.createObjectURL(picked) : null);
  };

  const send = () => {
    if (!file) return;
    dialog.close();
    void postStory(file, start, queryClient);
  };

  return (
    <DialogFrame title={t('stories.uploadTitle')} dialog={dialog}>
      <div className={styles.stack}>
        <label htmlFor={inputId}>{t('stories.choose')}</label>
        <input id={inputId} type="file" accept={VIDEO_ACCEPT} onChange={choose} data-testid="story-file" />
        <p className={styles.hint}>{t('stories.chooseHint', { seconds: max })}</p>
        {wrong && (
          <p role="alert" className={styles.hint}>
            {t('stories.wrongType')}
          </p>
        )}
        {url && (
          <video
            className={styles.preview}
            src={url}
            controls
            muted
            playsInline
            onLoadedMetadata={(e) =>
              setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)
            }
            onTimeUpdate={(e) => {
              // The preview plays only the part that will be posted.
              const el = e.currentTarget;
              if (el.currentTime < start || el.currentTime > start + max) el.currentTime = start;
            }}
            data-testid="story-preview"
          />
        )}
        {duration > max && (
          <>
            <label htmlFor={trimId}>{t('stories.trimLabel')}</label>
            <input
              id={trimId}
              type="range"
              min={0}
              max={Math.floor(duration - max)}
              step={1}
              value={start}
              onChange={(e) => setStart(Number(e.target.value))}
            />
            <p className={styles.hint}>{t('stories.trim', { start })}</p>
          </>
        )}
      </div>
      <div className={dialogStyles.buttons}>
        <Button variant="secondary" onClick={dialog.close}>
          {t('stories.cancel')}
        </Button>
        <Button onClick={send} disabled={!file} data-testid="story-publish">
          {t('stories.publish')}
        </Button>
      </div>
    </DialogFrame>
  );
}
