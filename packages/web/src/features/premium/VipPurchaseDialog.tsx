import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { vipPagePath } from './rules';
import { GoldOffers } from './VipOffers';
import { VipPerks } from './VipPrompt';
import './texts';

/** The VIP purchase dialog: the perks and the gold offers; the VIP page has the subscription too. */
export default function VipPurchaseDialog({ campaign, dialog }: DialogComponentProps<{ campaign?: string }>) {
  const { t } = useI18n();
  return (
    <DialogFrame title={t('vip.purchaseTitle')} dialog={dialog}>
      <VipPerks compact />
      <GoldOffers feature="VIP" onBought={dialog.close} />
      <div className={dialogStyles.buttons}>
        <Link to={vipPagePath(campaign)} className={buttonClass('ghost')} onClick={dialog.close}>
          {t('vip.more')}
        </Link>
      </div>
    </DialogFrame>
  );
}
