import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { sendLove } from '../../api/areas/gift';
import { newIdempotencyKey } from '../../api/idempotency';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import styles from './Premium.module.css';
import './texts';

/** Sharing love points with a friend (SHARE_LOVE); the server refuses without the feature. */
export default function ShareLoveDialog({
  userId,
  userName,
  dialog,
}: DialogComponentProps<{ userId?: number; userName?: string }>) {
  const { t } = useI18n();
  const [amount, setAmount] = useState(10);
  const key = useRef(newIdempotencyKey());
  const share = useMutation({
    mutationFn: () => sendLove({ receiverId: userId ?? 0, amount, idempotencyKey: key.current }),
    meta: { silent: true },
    onSuccess: (left) => {
      toast.show(
        'success',
        `${t('love.sent', { amount, name: userName ?? '' })} ${t('love.left', { count: left })}`,
      );
      dialog.close();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.mutate();
  };
  return (
    <DialogFrame title={t('love.title')} dialog={dialog}>
      <form onSubmit={submit} className={styles.stack} noValidate>
        {share.isError && (
          <p role="alert" className={styles.errorBox}>
            {errorText(share.error)}
          </p>
        )}
        <p>{userName}</p>
        <Field
          label={t('love.amount')}
          type="number"
          min={1}
          max={1000}
          value={amount}
          onChange={(e) => setAmount(Math.max(1, Math.min(1000, Number(e.target.value) || 1)))}
        />
        <div className={dialogStyles.buttons}>
          <Button variant="secondary" onClick={dialog.close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={share.isPending || !userId}>
            ❤ {t('love.send')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
