import { type Gift, GiftSource } from '@tertulia/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useGiftCatalogue, useGold, usePurchaseGift } from '../../api/areas/gift';
import { isVip, useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { GiftImage } from '../../ui/gift/GiftImage';
import { openVipPromptFor } from '../../ui/member/vipPrompt';
import { loginRedirect } from '../../ui/RequireLogin';
import { toast } from '../../ui/toast/toastStore';
import type { GiftDialogProps } from './dialogs';
import styles from './Gifts.module.css';
import { costOf, GOLD_SHOP_PATH, maySend, tagsOf } from './rules';
import './texts';

/** The gift dialog: login first, then the balance, the tags, the gifts and their prices; gold when short. */
export default function GiftDialog(props: DialogComponentProps<GiftDialogProps>) {
  const { t } = useI18n();
  const { user, isPending } = useSession();
  const { dialog, userName } = props;
  return (
    <DialogFrame title={t('gifts.dialogTitle', { name: userName })} dialog={dialog}>
      {isPending ? null : user ? (
        <GiftPicker {...props} me={{ vip: isVip(user), admin: user.isAdmin === true }} />
      ) : (
        <div className={styles.stack}>
          <p role="alert" className={styles.errorBox}>
            {t('gifts.loginRequired')}
          </p>
          <Link
            to={loginRedirect(window.location.pathname + window.location.search)}
            className={buttonClass()}
            onClick={dialog.close}
          >
            {t('gifts.login')}
          </Link>
        </div>
      )}
    </DialogFrame>
  );
}

function GiftPicker({
  dialog,
  userId,
  userName,
  source,
  roomId,
  conversationId,
  ownerId,
  broadcastId,
  me,
}: DialogComponentProps<GiftDialogProps> & { me: { vip: boolean; admin: boolean } }) {
  const { t } = useI18n();
  const catalogue = useGiftCatalogue();
  const gold = useGold();
  const purchase = usePurchaseGift();
  const gifts = catalogue.data ?? [];
  const tags = useMemo(() => tagsOf(gifts), [gifts]);
  const [tag, setTag] = useState<string | undefined>();
  const [chosen, setChosen] = useState<Gift | undefined>();
  const shownTag = tag ?? tags[0];
  const shown = gifts.filter((g) => g.tag === shownTag);
  const balance = gold.data ?? 0;
  const missing = chosen ? costOf(chosen) - balance : 0;

  const choose = (gift: Gift) => {
    setChosen(gift);
    purchase.reset();
  };
  const send = () => {
    if (!chosen) return;
    purchase.mutate(
      {
        giftId: chosen.id,
        receiverId: userId,
        source,
        roomId: source === GiftSource.CHAT ? roomId : undefined,
        conversationId: source === GiftSource.CONVERSATION ? conversationId : undefined,
        ownerId: source === GiftSource.CONVERSATION ? ownerId : undefined,
        broadcastId: source === GiftSource.LIVE ? broadcastId : undefined,
      },
      {
        onSuccess: () => {
          toast.success(t('gifts.sent', { gift: chosen.name ?? '', name: userName }));
          dialog.close();
        },
      },
    );
  };

  return (
    <div className={styles.stack}>
      <p className={styles.balance} data-testid="gift-balance">
        {t('gifts.balance', { gold: balance })}
      </p>
      {purchase.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(purchase.error)}
        </p>
      )}
      {catalogue.isError && <p role="alert">{errorText(catalogue.error)}</p>}
      <div role="tablist" aria-label={t('gifts.tags')} className={styles.tags}>
        {tags.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === shownTag}
            className={styles.tag}
            onClick={() => setTag(name)}
          >
            {t(`gifts.tag.${name}` as 'gifts.tag.amor')}
          </button>
        ))}
      </div>
      <ul className={styles.grid} aria-label={t('gifts.choose')}>
        {shown.map((gift) => {
          const allowed = maySend(gift, me);
          // A VIP gift stays open to a non-VIP: choosing it says what VIP brings (the VIP sheet).
          const vipLocked = gift.vip === true && !me.vip;
          return (
            <li key={gift.id}>
              <button
                type="button"
                className={styles.giftTile}
                aria-pressed={chosen?.id === gift.id}
                disabled={!allowed && !vipLocked}
                onClick={() => {
                  if (!vipLocked) return choose(gift);
                  // The sheet opens over the page, not under this dialog: the dialog gives way.
                  dialog.close();
                  void openVipPromptFor('gifts');
                }}
                data-testid="gift-tile"
              >
                <GiftImage giftId={gift.id} alt="" size={56} />
                <span className={styles.giftName}>{gift.name}</span>
                <span className={styles.giftPrice}>
                  {gift.requires_voucher
                    ? t('gifts.voucher', { count: gift.vouchers ?? 0 })
                    : t('gifts.price', { price: costOf(gift) })}
                </span>
                {gift.discount ? (
                  <s className={styles.was}>{t('gifts.was', { price: gift.price ?? 0 })}</s>
                ) : null}
                {gift.vip && <span className={styles.badge}>{t('gifts.vipOnly')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen && missing > 0 && (
        <p className={styles.short} role="status">
          {t('gifts.short', { missing })}{' '}
          <Link to={GOLD_SHOP_PATH} className={buttonClass('secondary')} onClick={dialog.close}>
            {t('gifts.buyGold')}
          </Link>
        </p>
      )}
      <div className={dialogStyles.buttons}>
        <Button variant="secondary" onClick={dialog.close}>
          {t('dialog.cancel')}
        </Button>
        <Button
          onClick={send}
          disabled={!chosen || missing > 0 || purchase.isPending}
          data-testid="gift-send"
        >
          {purchase.isPending
            ? t('gifts.sending')
            : chosen
              ? chosen.requires_voucher
                ? t('gifts.sendVoucher', { gift: chosen.name ?? '' })
                : t('gifts.sendButton', { gift: chosen.name ?? '', price: costOf(chosen) })
              : t('gifts.choose')}
        </Button>
      </div>
    </div>
  );
}
