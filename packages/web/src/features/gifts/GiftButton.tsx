import { GiftSource, PremiumFeatureKey, type User } from '@tertulia/contract';
import { hasFeature, useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { toast } from '../../ui/toast/toastStore';
import { giftDialog, shareLoveDialog } from './dialogs';
import styles from './Gifts.module.css';

/**
 * The profile's gift button, and love: with the SHARE_LOVE premium feature (VIP brings it) the
 * love button opens the share-love dialog (ShareLoveDialog, which also says when
 * the receiver is no friend or the day's shares are used up); without it, the spec's prompt
 * "Love is going away. Send a Gift instead!" shows and the gift dialog opens.
 */
export function GiftButton({ user }: { user: User }) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const sharesLove = hasFeature(me, PremiumFeatureKey.SHARE_LOVE);
  const open = () =>
    openDialog(giftDialog, { userId: user.uid, userName: user.name ?? '', source: GiftSource.PROFILE });
  return (
    <span className={styles.giftButtons}>
      <Button variant="secondary" onClick={open} data-testid="profile-gift">
        🎁 {t('gifts.send')}
      </Button>
      <Button
        variant="ghost"
        data-testid="profile-love"
        onClick={() => {
          if (sharesLove) {
            openDialog(shareLoveDialog, {
              userId: user.uid,
              userName: user.name ?? '',
              isFriend: user.isFriend === true,
            });
            return;
          }
          toast.notice(t('gifts.loveGone'));
          open();
        }}
      >
        ❤ {t('gifts.sendLove')}
      </Button>
    </span>
  );
}
