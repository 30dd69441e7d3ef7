import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { useClockTime } from '../../ui/time/clock';
import './texts';

/** The gag warning: a muted VIP cannot send view-once media in the room until the gag ends. */
export default function GagDialog({ until, dialog }: DialogComponentProps<{ until: number }>) {
  const { t } = useI18n();
  const time = useClockTime()(until);
  return (
    <DialogFrame title={t('ephemeral.gag.title')} dialog={dialog} role="alertdialog">
      <p data-testid="ephemeral-gag">{t('ephemeral.gag.text', { time })}</p>
      <div className={dialogStyles.buttons}>
        <Button onClick={dialog.close}>{t('ephemeral.ok')}</Button>
      </div>
    </DialogFrame>
  );
}
