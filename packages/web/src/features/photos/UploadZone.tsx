import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { IMAGE_ACCEPT } from '../../ui/member/photoUpload';
import styles from './Photos.module.css';
import { uploadAlbumPhotos } from './upload';
import './texts';

/** The owner's grid: drop photos on it or pick several; they go to `albumId` (or the default album). */
export function UploadZone({ albumId, children }: { albumId?: number; children: ReactNode }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async (files: File[]) => {
    if (!files.length || busy) return;
    setBusy(true);
    await uploadAlbumPhotos(files, { albumId }, queryClient);
    setBusy(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send([...event.dataTransfer.files]);
  };

  return (
    // A drop target for files dragged from the desktop; the button below is the keyboard's way in.
    <section
      aria-label={t('photos.upload')}
      className={[styles.drop, over ? styles.dropActive : ''].join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="photo-drop"
    >
      <div className={styles.header}>
        <span className={styles.muted}>{over ? t('photos.dropHere') : ''}</span>
        <Button onClick={() => input.current?.click()} disabled={busy} data-testid="photo-upload">
          {t('photos.upload')}
        </Button>
        <input
          id={inputId}
          ref={input}
          className={styles.hiddenInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          tabIndex={-1}
          aria-label={t('photos.upload')}
          data-testid="photo-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
      </div>
      {children}
    </section>
  );
}
