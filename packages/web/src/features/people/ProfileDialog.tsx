import { Link } from 'react-router';
import { useUser } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { PATHS } from '../../ui/paths';
import type { ProfileDialogProps } from './dialogs';
import { ProfileBody, ProfileHeader } from './ProfileView';
import { fullName } from './rules';
import './texts';

/** A member's profile in a window: what the card offers for staff accounts instead of send-IM. */
export default function ProfileDialog({ user: known, dialog }: DialogComponentProps<ProfileDialogProps>) {
  const { t } = useI18n();
  const { data } = useUser(known.uid, { placeholder: known });
  const user = data ?? known;
  return (
    <DialogFrame title={fullName(user)} dialog={dialog}>
      <ProfileHeader user={user} Heading="h2" />
      <ProfileBody user={user} idPrefix={`dialog-${user.uid}`} />
      <div className={dialogStyles.buttons}>
        <Link to={PATHS.profile(user.uid)} className={buttonClass('primary')} onClick={dialog.close}>
          {t('card.fullProfile')}
        </Link>
      </div>
    </DialogFrame>
  );
}
