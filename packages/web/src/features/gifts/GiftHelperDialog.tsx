import { useQueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { Link } from 'react-router';
import { setGiftHelper } from '../../api/areas/gift';
import { useSession } from '../../api/areas/user';
import { keyOf } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import styles from './Gifts.module.css';
import { VIP_FROM_GIFT_HELP } from './rules';
import './texts';

/** The received-gift help: what gems are, the VIP bonus, the VIP page; seen once (user/setGiftHelper.do). */
export default function GiftHelperDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  // A VIP has VIP already: the way to the VIP page is for the others.
  const isVip = useSession().user?.vip === true;
  const seen = () => {
    void setGiftHelper({ type: 'received' }).then(() =>
      queryClient.setQueryData(keyOf(api.gift.getGiftHelper), true),
    );
    dialog.close();
  };
  return (
    <DialogFrame title={t('gifts.helper.title')} dialog={{ ...dialog, close: seen }}>
      <p className={styles.infoBox}>{t('gifts.helper.body')}</p>
      <div className={dialogStyles.buttons}>
        {!isVip && (
          <Link to={VIP_FROM_GIFT_HELP} className={buttonClass('secondary')} onClick={seen}>
            {t('gifts.helper.vip')}
          </Link>
        )}
        <Button onClick={seen}>{t('gifts.helper.ok')}</Button>
      </div>
    </DialogFrame>
  );
}
