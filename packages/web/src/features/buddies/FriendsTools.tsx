import { BuddyInviteType } from '@tertulia/contract';
import { useId } from 'react';
import { useCreateInvite, useIsPrivate, useSetPrivate } from '../../api/areas/buddy';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openShareSheet } from '../../ui/sheet/share';
import { toast } from '../../ui/toast/toastStore';
import styles from './Buddies.module.css';
import './texts';

/** Whether one's friend list is private (buddy/setPrivate.do). */
export function PrivacyToggle() {
  const { t } = useI18n();
  const query = useIsPrivate();
  const set = useSetPrivate();
  const hintId = useId();
  return (
    <div className={styles.privacy}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={query.data ?? false}
          disabled={!query.isSuccess || set.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            const value = event.target.checked;
            set.mutate(value, {
              onSuccess: () => toast.success(value ? t('buddies.privateOn') : t('buddies.privateOff')),
            });
          }}
        />
        {t('buddies.privateLabel')}
      </label>
      <p id={hintId} className={styles.hint}>
        {t('buddies.privateHint')}
      </p>
    </div>
  );
}

/** A type-2 invite: a sign-up link for someone new, handed to the share sheet. */
export function InviteNew() {
  const { t } = useI18n();
  const invite = useCreateInvite();
  return (
    <Button
      variant="secondary"
      disabled={invite.isPending}
      onClick={() =>
        invite.mutate(
          { type: BuddyInviteType.JOIN },
          {
            onSuccess: (created) => {
              if (created.link) openShareSheet({ url: created.link, title: t('buddies.inviteShareTitle') });
              else toast.error(t('error.default'));
            },
          },
        )
      }
    >
      {t('buddies.inviteNew')}
    </Button>
  );
}
