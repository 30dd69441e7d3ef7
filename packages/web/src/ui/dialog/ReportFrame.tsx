import type { FormEvent, ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../Button';
import { errorText } from '../errors/handleError';
import styles from './Dialog.module.css';
import { DialogButtons, FormError } from './DialogForm';
import { DialogFrame } from './DialogFrame';
import type { DialogControls } from './dialogStore';

/** The state of a report's call, as a TanStack mutation has it. */
interface Sending {
  isSuccess: boolean;
  isPending: boolean;
  error: unknown;
}

/**
 * Every report dialog (a member, a story, an ad): its fields until the report is sent, with the
 * server's words when it fails, then the thanks and a Close button.
 */
export function ReportFrame({
  title,
  thanks,
  submitLabel,
  dialog,
  sending,
  canSubmit = true,
  onSubmit,
  children,
}: {
  title: string;
  thanks: string;
  submitLabel: string;
  dialog: DialogControls;
  sending: Sending;
  canSubmit?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };
  return (
    <DialogFrame title={title} dialog={dialog}>
      {sending.isSuccess ? (
        <>
          <p role="status">{thanks}</p>
          <div className={styles.buttons}>
            <Button autoFocus onClick={dialog.close}>
              {t('dialog.close')}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} className={styles.reportForm} noValidate>
          <FormError error={sending.error ? errorText(sending.error) : ''} />
          {children}
          <DialogButtons
            onCancel={dialog.close}
            busy={sending.isPending || !canSubmit}
            submitLabel={submitLabel}
          />
        </form>
      )}
    </DialogFrame>
  );
}
