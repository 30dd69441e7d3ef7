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
}: {
  value: AttachedPhoto | undefined;
  onChange: (photo: AttachedPhoto | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useI18n();
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
