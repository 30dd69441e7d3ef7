import { Link } from 'react-router';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { PATHS } from '../../ui/paths';
import type { RewardProps } from './dialogs';
import styles from './Rewards.module.css';
import './texts';

const ICONS: Record<RewardProps['currency'], string> = { gold: '🪙', gems: '💎', vipDays: '👑' };

/** The gold bonus/reward dialog: the amount, large, with what it was for and where it goes next. */
export default function RewardDialog({
  kind,
  amount,
  currency,
  place,
  contestName,
  contestId,
  dialog,
}: DialogComponentProps<RewardProps>) {
  const { t } = useI18n();
  const prize = t(`rewards.reward.amount.${currency}` as MessageKey, { amount });
  return (
    <DialogFrame title={t(`rewards.reward.title.${kind}` as MessageKey)} dialog={dialog}>
      <div className={styles.reward} data-testid="reward-dialog" data-kind={kind}>
        <span className={styles.rewardIcon} aria-hidden="true">
          {ICONS[currency]}
        </span>
        <p className={styles.rewardAmount}>{prize}</p>
        <p>
          {t(`rewards.reward.body.${kind}` as MessageKey, {
            prize,
            place: place ?? 0,
            contest: contestName ?? '',
          })}
        </p>
      </div>
      <div className={dialogStyles.buttons}>
        {kind === 'contestWon' && contestId ? (
          <Link to={PATHS.contest(contestId)} className={buttonClass('primary')} onClick={dialog.close}>
            {t('rewards.reward.collect')}
          </Link>
        ) : (
          <Link to={PATHS.giftsAccount} className={buttonClass('secondary')} onClick={dialog.close}>
            {t('rewards.reward.account')}
          </Link>
        )}
        <Button variant={kind === 'contestWon' ? 'secondary' : 'primary'} onClick={dialog.close}>
          {t('rewards.reward.ok')}
        </Button>
      </div>
    </DialogFrame>
  );
}
