import { PushPrompt } from '@tertulia/contract';
import { useState } from 'react';
import { useSetPushSettings } from '../../api/areas/webPush';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { toast } from '../../ui/toast/toastStore';
import { subscribeThisBrowser } from './browserPush';
import './texts';

/**
 * Explains what we would send before the browser asks: only "Activar" triggers the browser's own
 * permission prompt. "Ahora no", closing, or the browser's "Block" all count as a refusal that is
 * stored on the server, so the dialog never comes back.
 */
export default function PushPermissionDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  const save = useSetPushSettings();
  const [busy, setBusy] = useState(false);
  const refuse = () => save.mutate({ prompt: PushPrompt.REFUSED });

  const allow = async () => {
    setBusy(true);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      refuse();
      dialog.close();
      return;
    }
    save.mutate({ prompt: PushPrompt.ACCEPTED });
    const ok = await subscribeThisBrowser().catch(() => false);
    dialog.close();
    if (ok) toast.success(t('webpush.enabled'));
    else toast.error(t('webpush.failed'));
  };

  return (
    <DialogFrame title={t('webpush.title')} dialog={dialog} onDismiss={refuse}>
      <p>{t('webpush.body')}</p>
      <ul>
        <li>{t('webpush.point.messages')}</li>
        <li>{t('webpush.point.friends')}</li>
        <li>{t('webpush.point.gifts')}</li>
      </ul>
      <p>{t('webpush.settingsHint')}</p>
      <div className={dialogStyles.buttons}>
        <Button
          variant="secondary"
          onClick={() => {
            refuse();
            dialog.close();
          }}
        >
          {t('webpush.notNow')}
        </Button>
        <Button autoFocus onClick={allow} disabled={busy}>
          {t('webpush.allow')}
        </Button>
      </div>
    </DialogFrame>
  );
}
