import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import type { PhotoProps } from './dialogs';
import styles from './Profile.module.css';
import './texts';

/** The full view of a member's photo (opened from the avatar on the profile). */
export default function PhotoDialog({ dialog, name, src }: DialogComponentProps<PhotoProps>) {
  const { t } = useI18n();
  return (
    <DialogFrame title={t('profile.photoAlt', { name })} dialog={dialog}>
      <img src={src} alt={t('profile.photoAlt', { name })} className={styles.fullPhoto} />
    </DialogFrame>
  );
}
