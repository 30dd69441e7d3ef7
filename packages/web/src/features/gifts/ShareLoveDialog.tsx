import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, GiftSource, LOVE_SHARES_PER_DAY, PremiumFeatureKey } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { sendLove, useGiftAccount } from '../../api/areas/gift';
import { usePremiumConfig } from '../../api/areas/gold';
import { keyOf } from '../../api/query';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import { type DialogComponentProps, openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import { giftDialog } from './dialogs';
import styles from './Gifts.module.css';
import '../premium/texts';

export interface ShareLoveProps {
  userId?: number;
  userName?: string;
  /** False when the receiver is not a friend: love goes to friends only, a gift is offered. */
  isFriend?: boolean;
}

/**
 * Sharing love points with a friend (SHARE_LOVE). Shows the member's love points and the
 * feature's counters (usages_remaining, hours_to_send: docs/premium.md); the server decides.
 */
export default function ShareLoveDialog({
  userId,
  userName,
  isFriend,
  dialog,
}: DialogComponentProps<ShareLoveProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(10);
  const keys = useIdempotencyKey();
  const config = usePremiumConfig(PremiumFeatureKey.SHARE_LOVE).data;
  const love = useGiftAccount().data?.[0]?.lovePoints;
  const waiting = config?.usages_remaining === 0 && (config.hours_to_send ?? 0) > 0;
  const share = useMutation({
    // Another amount is another intention, with its own key (the server refuses a key reused).
    mutationFn: (asked: { receiverId: number; amount: number }) => sendLove(keys.withKey(asked)),
    meta: { silent: true },
    onSuccess: (left, asked) => {
      keys.succeeded(asked);
      toast.show(
        'success',
        `${t('love.sent', { amount, name: userName ?? '' })} ${t('love.left', { count: left })}`,
      );
      void queryClient.invalidateQueries({ queryKey: keyOf(api.premium.getPremiumFeatureConfiguration) });
      void queryClient.invalidateQueries({ queryKey: [api.gift.getAccount.path] });
      dialog.close();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.mutate({ receiverId: userId ?? 0, amount });
  };
  const giftInstead = () => {
    dialog.close();
    openDialog(giftDialog, { userId: userId ?? 0, userName: userName ?? '', source: GiftSource.PROFILE });
  };
  return (
    <DialogFrame title={t('love.title')} dialog={dialog}>
      <form onSubmit={submit} className={styles.stack} noValidate>
        {share.isError && (
          <p role="alert" className={styles.errorBox}>
            {errorText(share.error)}
          </p>
        )}
        <p>
          <strong>{userName}</strong>
          {love !== undefined && <> · {t('love.balance', { count: love })}</>}
        </p>
        {isFriend === false ? (
          <p role="status">{t('love.friendsOnly')}</p>
        ) : waiting ? (
          <p role="status">
            {t('love.wait', { max: LOVE_SHARES_PER_DAY, hours: config.hours_to_send ?? 0 })}
          </p>
        ) : (
          <>
            {config?.usages_remaining !== undefined && (
              <p className={styles.mutedLine} data-testid="love-usages">
                {t('love.usages', { count: config.usages_remaining })}
              </p>
            )}
            <Field
              label={t('love.amount')}
              type="number"
              min={1}
              max={1000}
              value={amount}
              onChange={(e) => setAmount(Math.max(1, Math.min(1000, Number(e.target.value) || 1)))}
            />
          </>
        )}
        <div className={dialogStyles.buttons}>
          <Button variant="secondary" onClick={dialog.close}>
            {t('dialog.cancel')}
          </Button>
          {isFriend === false || waiting ? (
            <Button onClick={giftInstead}>🎁 {t('love.giftInstead')}</Button>
          ) : (
            <Button type="submit" disabled={share.isPending || !userId}>
              ❤ {t('love.send')}
            </Button>
          )}
        </div>
      </form>
    </DialogFrame>
  );
}
