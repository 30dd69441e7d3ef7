import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { PATHS } from '../../ui/paths';
import styles from './Attach.module.css';
import type { PhotoViewProps } from './dialogs';
import { photoSrc, photoSrcSet, VIEW } from './images';
import './texts';

/** The photo view dialog: the attached photo larger, with a way to its page. */
export default function PhotoViewDialog({ dialog, photo }: DialogComponentProps<PhotoViewProps>) {
  const { t } = useI18n();
  return (
    <DialogFrame title={t('photos.viewTitle')} dialog={dialog}>
      <figure className={styles.viewFigure} data-testid="photo-view-dialog">
        <img
          src={photoSrc(photo.image, VIEW)}
          srcSet={photoSrcSet(photo.image, VIEW)}
          alt={t('photos.attached')}
          className={styles.viewImage}
        />
        {photo.postId > 0 && (
          <figcaption>
            <Link to={PATHS.photo(photo.postId, photo.authorId)} onClick={dialog.close}>
              {t('photos.openPage')}
            </Link>
          </figcaption>
        )}
      </figure>
    </DialogFrame>
  );
}
