import { GiftSource, type User } from '@tertulia/contract';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { toast } from '../../ui/toast/toastStore';
import { giftDialog } from './dialogs';
import styles from './Gifts.module.css';

/** The profile's gift button, and love, which now leads to a gift. */
export function GiftButton({ user }: { user: User }) {
  const { t } = useI18n();
  const open = () =>
    openDialog(giftDialog, { userId: user.uid, userName: user.name ?? '', source: GiftSource.PROFILE });
  return (
    <span className={styles.giftButtons}>
      <Button variant="secondary" onClick={open} data-testid="profile-gift">
        🎁 {t('gifts.send')}
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          toast.notice(t('gifts.loveGone'));
          open();
        }}
      >
        ❤ {t('gifts.sendLove')}
      </Button>
    </span>
  );
}
