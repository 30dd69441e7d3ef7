import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import './texts';

/** Spec 5: a browser without FormData cannot send files; it is told so instead of failing. */
export default function FallbackDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  return (
    <DialogFrame title={t('ephemeral.fallback.title')} dialog={dialog}>
      <p>{t('ephemeral.fallback.text')}</p>
      <div className={dialogStyles.buttons}>
        <Button onClick={dialog.close}>{t('ephemeral.ok')}</Button>
      </div>
    </DialogFrame>
  );
}
