import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPremium, startVipTrial } from '../../api/areas/gold';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import { type DialogComponentProps, openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { vipWelcomeDialog } from './dialogs';
import styles from './Premium.module.css';
import './texts';

/** The VIP trial dialog: three free days, once (premiumfeature/startVipTrial.do); then the welcome. */
export default function VipTrialDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const trial = useMutation({
    mutationFn: () => startVipTrial({}),
    meta: { silent: true },
    onSuccess: async () => {
      await refreshPremium(queryClient);
      dialog.close();
      openDialog(vipWelcomeDialog, {});
    },
  });
  return (
    <DialogFrame title={t('vip.trialTitle')} dialog={dialog}>
      <p>{t('vip.trialBody')}</p>
      {trial.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(trial.error)}
        </p>
      )}
      <div className={dialogStyles.buttons}>
        <Button variant="secondary" onClick={dialog.close}>
          {t('vip.notNow')}
        </Button>
        <Button onClick={() => trial.mutate()} disabled={trial.isPending} data-testid="vip-trial-start">
          {t('vip.trialStart')}
        </Button>
      </div>
    </DialogFrame>
  );
}
