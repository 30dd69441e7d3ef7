import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useState } from 'react';
import { pledge } from '../../api/areas/people';
import { sessionKey } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import type { PledgeProps } from './dialogs';

/** The member promises to respect the community before messaging from the card. */
export default function PledgeDialog({ onDone, dialog }: DialogComponentProps<PledgeProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const accept = async () => {
    setBusy(true);
    let ok = false;
    try {
      ok = await pledge();
    } catch {
      ok = false;
    }
    if (ok) {
      queryClient.setQueryData<User | null>(sessionKey, (me) => (me ? { ...me, pledged: true } : me));
    }
    dialog.close();
    onDone(ok ? 'pledged' : 'failed');
  };

  return (
    <DialogFrame title={t('pledge.title')} dialog={dialog} onDismiss={() => onDone('cancelled')}>
      <p>{t('pledge.body')}</p>
      <ul>
        <li>{t('pledge.point1')}</li>
        <li>{t('pledge.point2')}</li>
        <li>{t('pledge.point3')}</li>
      </ul>
      <div className={dialogStyles.buttons}>
        <Button
          variant="secondary"
          onClick={() => {
            dialog.close();
            onDone('cancelled');
          }}
        >
          {t('pledge.decline')}
        </Button>
        <Button autoFocus onClick={accept} disabled={busy}>
          {t('pledge.accept')}
        </Button>
      </div>
    </DialogFrame>
  );
}
