import { PushKind, PushPrompt, type PushSettings as Settings } from '@tertulia/contract';
import { useState } from 'react';
import { usePushSettings, useSetPushSettings } from '../../api/areas/webPush';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast/toastStore';
import { pushSupported, subscribeThisBrowser } from './browserPush';
import settingsStyles from './PushSettings.module.css';
import './texts';

type Choice = Exclude<keyof Settings, 'prompt' | 'devices'>;
const CHOICES: Choice[] = [...Object.values(PushKind), 'previews'];

/** Which notifications reach this member's devices when Tertulia is closed (docs/web-push.md). */
export function PushSettings() {
  const { t } = useI18n();
  const { data } = usePushSettings();
  const save = useSetPushSettings();
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();

  const enableHere = async () => {
    setBusy(true);
    const permission = await Notification.requestPermission();
    save.mutate({ prompt: permission === 'granted' ? PushPrompt.ACCEPTED : PushPrompt.REFUSED });
    const ok = permission === 'granted' && (await subscribeThisBrowser().catch(() => false));
    setBusy(false);
    if (ok) toast.success(t('webpush.enabled'));
    else toast.error(t(permission === 'denied' ? 'webpush.blocked' : 'webpush.failed'));
  };

  return (
    <section aria-labelledby="settings-push">
      <h3 id="settings-push">{t('webpush.settingsTitle')}</h3>
      <p>{data ? t('webpush.devices', { count: data.devices }) : t('app.loading')}</p>
      {supported && Notification.permission !== 'denied' && (
        <Button variant="secondary" onClick={enableHere} disabled={busy}>
          {t('webpush.enableHere')}
        </Button>
      )}
      {supported && Notification.permission === 'denied' && <p>{t('webpush.blocked')}</p>}
      {data && (
        <ul className={settingsStyles.checkList}>
          {CHOICES.map((choice) => (
            <li key={choice}>
              <label>
                <input
                  type="checkbox"
                  name={`push-${choice}`}
                  checked={data[choice]}
                  onChange={(e) => save.mutate({ [choice]: e.target.checked })}
                />
                {t(`webpush.kind.${choice}`)}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
