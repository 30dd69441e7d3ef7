import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../Button';
import { errorText } from '../errors/handleError';
import styles from './Dialog.module.css';

/**
 * A dialog form's sending state: `run` marks it busy, clears the error, and shows the call's
 * failure as the form's error (instead of a toast).
 */
export function useFormSubmit() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** The form's error, announced; nothing when there is none. */
export function FormError({ error }: { error: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={styles.errorBox}>
      {error}
    </p>
  );
}

/** Cancel and the submit button (disabled while sending), at the end of a dialog's form. */
export function DialogButtons({
  onCancel,
  busy,
  submitLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={onCancel}>
        {t('dialog.cancel')}
      </Button>
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
