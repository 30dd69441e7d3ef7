import { GiftSource, PremiumFeatureKey } from '@tertulia/contract';
import { Link } from 'react-router';
import { hasFeature, useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import { type DialogComponentProps, openDialog } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import { openVipPromptFor } from '../../ui/member/vipPrompt';
import { PATHS } from '../../ui/paths';
import { giftDialog, type LoveReceivedProps, shareLoveDialog } from './dialogs';
import styles from './Gifts.module.css';
import './texts';

/**
 * The spec's "love received" dialog, opened by the `loveReceived` push: who sent how much love
 * and the points the member has now. Answering: love back for a member with SHARE_LOVE (the
 * sender is a friend, love goes to friends only), a gift otherwise; and the gift account page.
 */
export default function LoveReceivedDialog({
  sender,
  amount,
  lovePoints,
  dialog,
}: DialogComponentProps<LoveReceivedProps>) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const sharesLove = hasFeature(me, PremiumFeatureKey.SHARE_LOVE);
  const name = sender.name ?? '';
  const answer = () => {
    dialog.close();
    if (sharesLove) openDialog(shareLoveDialog, { userId: sender.uid, userName: name, isFriend: true });
    else openDialog(giftDialog, { userId: sender.uid, userName: name, source: GiftSource.PROFILE });
  };
  return (
    <DialogFrame title={t('gifts.loveDialog.title')} dialog={dialog}>
      <div className={styles.loveReceived} data-testid="love-received">
        <span className={styles.loveHeart} aria-hidden="true">
          ❤
        </span>
        <Avatar user={sender} size={64} lazy={false} showPresence={false} />
        <p>
          <strong>{t('gifts.loveDialog.body', { name, count: amount })}</strong>
        </p>
        <p>{t('gifts.loveDialog.total', { count: lovePoints })}</p>
      </div>
      <div className={dialogStyles.buttons}>
        <Link to={PATHS.giftsAccount} className={buttonClass('secondary')} onClick={dialog.close}>
          {t('gifts.loveDialog.account')}
        </Link>
        {!sharesLove && (
          // Loving back is VIP's (SHARE_LOVE): the button says so and opens the VIP sheet.
          <Button
            variant="secondary"
            onClick={() => {
              dialog.close();
              void openVipPromptFor('love', { trialAvailable: me?.vipTrialAvailable });
            }}
          >
            {`❤ ${t('gifts.loveDialog.backVip')}`}
          </Button>
        )}
        <Button onClick={answer}>
          {sharesLove ? `❤ ${t('gifts.loveDialog.back')}` : `🎁 ${t('gifts.loveDialog.gift')}`}
        </Button>
      </div>
    </DialogFrame>
  );
}
