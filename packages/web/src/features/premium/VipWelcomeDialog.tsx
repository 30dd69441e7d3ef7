import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import styles from './Premium.module.css';
import { VipPerks } from './VipPrompt';
import './texts';

/** The VIP welcome dialog, after a purchase, a paid subscription period or the trial. */
export default function VipWelcomeDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  return (
    <DialogFrame title={t('vip.welcomeTitle')} dialog={dialog}>
      <div className={styles.welcome} data-testid="vip-welcome">
        <span className={styles.crown} aria-hidden="true">
          ★
        </span>
        <p>{t('vip.welcomeBody')}</p>
      </div>
      <VipPerks compact />
      <div className={dialogStyles.buttons}>
        <Button autoFocus onClick={dialog.close}>
          {t('vip.welcomeOk')}
        </Button>
      </div>
    </DialogFrame>
  );
}
