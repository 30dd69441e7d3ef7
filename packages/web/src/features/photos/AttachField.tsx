import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import styles from './Attach.module.css';
import { type AttachedPhoto, photoSelectDialog, photoViewDialog } from './dialogs';
import { photoSrc, STRIP } from './images';
import './texts';

/**
 * A composer's "attach a photo": opens the photo select dialog; once chosen, a thumbnail that
 * opens the photo view dialog and a button to take it off again. The composer sends `postId`.
 */
export function AttachField({
  value,
  onChange,
  disabled,
  compact,
}: {
  value: AttachedPhoto | undefined;
  onChange: (photo: AttachedPhoto | undefined) => void;
  disabled?: boolean;
  /** A round picture button (the IM composer's row of icon buttons) instead of the labelled one. */
  compact?: boolean;
}) {
  const { t } = useI18n();
  if (!value && compact) {
    return (
      <button
        type="button"
        className={styles.attachIcon}
        disabled={disabled}
        onClick={() => openDialog(photoSelectDialog, { onPick: onChange })}
        aria-label={t('photos.attach')}
        title={t('photos.attach')}
        data-testid="attach-photo"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm0 16H5V5h14v14Zm-5.04-6.71-2.75 3.54-1.96-2.36L6.5 17h11l-3.54-4.71Z"
          />
        </svg>
      </button>
    );
  }
  if (!value) {
    return (
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => openDialog(photoSelectDialog, { onPick: onChange })}
        data-testid="attach-photo"
      >
        {t('photos.attach')}
      </Button>
    );
  }
  return (
    <span className={styles.attached} data-testid="attached-photo">
      <button
        type="button"
        className={styles.attachedThumb}
        onClick={() => openDialog(photoViewDialog, { photo: value })}
        aria-label={t('photos.attachView')}
      >
        <img src={photoSrc(value.image, { ...STRIP, width: 64 })} alt="" width={48} height={48} />
      </button>
      <Button variant="ghost" onClick={() => onChange(undefined)} disabled={disabled}>
        {t('photos.attachRemove')}
      </Button>
    </span>
  );
}
