import type { Spin } from '@tertulia/contract';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import styles from './Contests.module.css';
import { usePrizeText } from './Wheel';
import './texts';

/**
 * A spin in a chat line or a message (ChatEntry.spin, Message.spin): the prize once spun, or a
 * spin sent as a gift and waiting, which its receiver opens on the spin page.
 */
export function SpinLine({ spin, mine }: { spin: Spin; mine: boolean }) {
  const { t } = useI18n();
  const prizeText = usePrizeText();
  if (spin.prizeSlot !== undefined)
    return (
      <span className={styles.spinLine} data-testid="spin-line">
        🎡 {t('rewards.spin.lineWon', { prize: prizeText(spin.prizeSlot) })}
      </span>
    );
  return (
    <span className={styles.spinLine} data-testid="spin-line">
      🎡{' '}
      {mine ? t('rewards.spin.lineSent') : <Link to={PATHS.dailySpin}>{t('rewards.spin.lineWaiting')}</Link>}
    </span>
  );
}
