import { Link } from 'react-router';
import { useGiftCatalogue } from '../../api/areas/gift';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { GiftImage } from '../../ui/gift/GiftImage';
import styles from './Gifts.module.css';
import { promoGifts } from './promo';
import { costOf, GOLD_SHOP_PATH } from './rules';
import './texts';

/** The spec's promo dialog: the gifts on offer now, their price before and after, and the shop. */
export default function PromoDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  const catalogue = useGiftCatalogue();
  const offers = promoGifts(catalogue.data ?? []);
  return (
    <DialogFrame title={t('gifts.promo.title')} dialog={dialog}>
      <div className={styles.stack} data-testid="promo-dialog">
        <p>{t('gifts.promo.lead')}</p>
        {catalogue.isSuccess && offers.length === 0 && <p>{t('gifts.promo.none')}</p>}
        <ul className={styles.promoList}>
          {offers.map((gift) => (
            <li key={gift.id} className={styles.promoItem}>
              <GiftImage giftId={gift.id} alt="" size={56} />
              <span className={styles.rowText}>
                <strong>{gift.name}</strong>
                <span>
                  {gift.discount ? (
                    <s className={styles.was}>{t('gifts.was', { price: gift.price ?? 0 })}</s>
                  ) : null}{' '}
                  {t('gifts.price', { price: costOf(gift) })}
                  {gift.discount ? ` · −${gift.discount} %` : ''}
                </span>
                {gift.end_date ? (
                  <small>
                    {t('gifts.promo.until', { date: new Date(gift.end_date).toLocaleDateString() })}
                  </small>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={dialogStyles.buttons}>
        <Button variant="secondary" onClick={dialog.close}>
          {t('gifts.promo.later')}
        </Button>
        <Link to={GOLD_SHOP_PATH} className={buttonClass('primary')} onClick={dialog.close}>
          {t('gifts.buyGold')}
        </Link>
      </div>
    </DialogFrame>
  );
}
