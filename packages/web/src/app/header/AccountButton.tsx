import type { User } from '@tertulia/contract';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { statusOf } from '../../api/areas/premium';
import { useI18n } from '../../i18n/i18n';
import { sizedImage } from '../../ui/member/images';
import styles from './Header.module.css';

/** 32 px shown, 64 for sharp high-density screens. */
const AVATAR = { width: 64, crop: true };

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { user: User };

/** The avatar button; also the placeholder shown while the menu's code loads. */
export const AccountButton = forwardRef<HTMLButtonElement, Props>(function AccountButton(
  { user, ...rest },
  ref,
) {
  const { t } = useI18n();
  const name = user.name ?? '';
  const status = statusOf(user);
  return (
    // The name starts the accessible name: it is the button's visible text.
    <button
      ref={ref}
      type="button"
      className={styles.account}
      aria-label={t('header.accountMenuOf', { name })}
      title={t('header.accountMenu')}
      {...rest}
    >
      {/* Without a photo, the initial is drawn by CSS (data-initial): as text it would join the
          button's visible text ("Aana"), which then no longer matches its name (axe's
          label-content-name-mismatch; voice control users say what they see). */}
      <span
        className={styles.avatar}
        data-status={status}
        data-initial={user.image1 ? undefined : name.slice(0, 1).toUpperCase()}
        aria-hidden="true"
      >
        {user.image1 ? <img src={sizedImage(user.image1, AVATAR)} alt="" /> : null}
      </span>
      <span className={styles.accountName}>{name}</span>
    </button>
  );
});
