import { useQueryClient } from '@tanstack/react-query';
import type { Photo } from '@tertulia/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { invalidatePhotos, uploadOnePhoto, useAlbums, usePhotoPages } from '../../api/areas/photos';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { handleError } from '../../ui/errors/handleError';
import { LazyImage } from '../../ui/image/LazyImage';
import { resizeImage } from '../../ui/image/resize';
import { IMAGE_ACCEPT } from '../../ui/member/photoUpload';
import { toast } from '../../ui/toast/toastStore';
import styles from './Attach.module.css';
import { type AttachedPhoto, attachedOf, type PhotoSelectProps } from './dialogs';
import { photoSrc, photoSrcSet, STRIP } from './images';
import { imageFiles } from './upload';
import './texts';

/** Backstage and quarantined photos cannot be attached (the server refuses them too). */
const attachable = (p: Photo) => !p.backstage && !p.quarantine;

/**
 * The photo select / upload dialog: one of the member's photos (album by album), or a new one
 * uploaded into "Mis fotos" with the progress toast, then handed to the composer that opened it.
 */
export default function PhotoSelectDialog({ dialog, onPick }: DialogComponentProps<PhotoSelectProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const albums = (useAlbums(uid, !!uid).data ?? []).filter((a) => !a.backstage && (a.size ?? 0) > 0);
  const [albumId, setAlbumId] = useState<number | undefined>();
  const pages = usePhotoPages(uid, albumId, !!uid);
  const photos = (pages.data?.pages.flat() ?? []).filter(attachable);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const fileId = useId();

  const pick = (photo: AttachedPhoto) => {
    onPick(photo);
    dialog.close();
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = imageFiles(event.target.files ?? []);
    event.target.value = '';
    if (!file) return void toast.error(t('upload.wrongType'));
    setBusy(true);
    const progress = toast.progress(t('photos.uploadingOne'));
    try {
      const photo = await uploadOnePhoto(await resizeImage(file), (percent) => progress.update(percent));
      progress.close();
      void invalidatePhotos(queryClient);
      pick(attachedOf(photo));
    } catch (error) {
      progress.close();
      handleError(error);
      setBusy(false);
    }
  };

  return (
    <DialogFrame title={t('photos.attachTitle')} dialog={dialog}>
      <div className={styles.picker} data-testid="photo-select">
        <div className={styles.pickerBar}>
          <label htmlFor={fileId} className={styles.pickerUpload} aria-disabled={busy || undefined}>
            {t('photos.attachUpload')}
          </label>
          <input
            id={fileId}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            disabled={busy}
            onChange={(event) => void upload(event)}
            data-testid="photo-select-file"
          />
          {albums.length > 1 && (
            <label htmlFor={selectId} className={styles.pickerAlbum}>
              {t('photos.album')}{' '}
              <select
                id={selectId}
                value={albumId ?? ''}
                onChange={(event) => setAlbumId(Number(event.target.value) || undefined)}
              >
                <option value="">{t('photos.all')}</option>
                {albums.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <h3 className={styles.pickerHeading}>{t('photos.attachMine')}</h3>
        {photos.length === 0 && !pages.isPending ? (
          <p className={styles.empty}>{t('photos.attachEmpty')}</p>
        ) : (
          <ul className={styles.pickerGrid}>
            {photos.map((photo, index) => (
              <li key={photo.uid}>
                <button
                  type="button"
                  className={styles.pickerTile}
                  onClick={() => pick(attachedOf(photo))}
                  aria-label={t('photos.attachPick', { index: index + 1 })}
                  data-testid="photo-select-tile"
                >
                  <LazyImage
                    src={photoSrc(photo.image1, STRIP) ?? ''}
                    srcSet={photoSrcSet(photo.image1, STRIP)}
                    alt=""
                    width={STRIP.width}
                    height={STRIP.width}
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <button type="button" className={styles.pickerMore} onClick={() => void pages.fetchNextPage()}>
            {t('feed.profile.more')}
          </button>
        )}
      </div>
    </DialogFrame>
  );
}
