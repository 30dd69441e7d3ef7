import type { User } from '@tertulia/contract';
import type { EphemeralWhere } from '../../api/areas/ephemeral';
import { isVip } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { openVipPrompt } from '../premium/VipPrompt';
import { ephemeralFallbackDialog, ephemeralGagDialog, ephemeralUploadDialog } from './dialogs';
import styles from './Ephemeral.module.css';
import { canUpload } from './rules';
import './texts';

const EYE =
  'M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0-2.2a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6z';

/**
 * The composer's "view once" button. Spec 5/6 in a room: a non-VIP gets the VIP sheet, a gagged
 * VIP the gag warning (the server refuses both too); a browser without FormData the fallback.
 */
export function EphemeralButton({
  where,
  me,
  gaggedUntil = 0,
}: {
  where: EphemeralWhere;
  me: Pick<User, 'star' | 'vip' | 'vipTrialAvailable'> | null;
  gaggedUntil?: number;
}) {
  const { t } = useI18n();
  const inRoom = where.type === 3;
  const start = () => {
    if (!canUpload()) return void openDialog(ephemeralFallbackDialog, {});
    if (inRoom && !isVip(me)) return openVipPrompt('ephemeral', { trialAvailable: me?.vipTrialAvailable });
    if (inRoom && gaggedUntil > Date.now())
      return void openDialog(ephemeralGagDialog, { until: gaggedUntil });
    openDialog(ephemeralUploadDialog, { where });
  };
  return (
    <button
      type="button"
      className={styles.button}
      onClick={start}
      aria-label={t('ephemeral.buttonLabel')}
      title={t('ephemeral.button')}
      data-testid="ephemeral-button"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path fill="currentColor" d={EYE} />
      </svg>
    </button>
  );
}
