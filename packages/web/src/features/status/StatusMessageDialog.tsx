import { type FormEvent, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Field } from '../../ui/Field';
import { useSaveOnlineStatus } from './useSaveOnlineStatus';

export interface StatusMessageProps {
  /** The current status code, sent again with the new message. */
  status: number;
}

/** Sets the online-status message through premiumfeature/setOnlineStatus.do {status, message}. */
export default function StatusMessageDialog({ status, dialog }: DialogComponentProps<StatusMessageProps>) {
  const { t } = useI18n();
  const [message, setMessage] = useState('');
  const save = useSaveOnlineStatus();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ status, message: message.trim() }, { onSuccess: dialog.close });
  };
  return (
    <DialogFrame title={t('status.dialogTitle')} dialog={dialog}>
      <form onSubmit={submit}>
        <Field
          label={t('status.messageLabel')}
          value={message}
          maxLength={140}
          onChange={(event) => setMessage(event.target.value)}
          autoFocus
        />
        <div className={dialogStyles.buttons}>
          <Button variant="secondary" onClick={dialog.close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t('status.save')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
