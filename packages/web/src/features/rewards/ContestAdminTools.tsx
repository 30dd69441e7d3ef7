import type { Contest } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { useCancelContest, useEditContest } from '../../api/areas/rewards';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/dialog/confirm';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import styles from './Contests.module.css';
import './texts';

/** "2026-11-26T18:30" in the browser's zone, what a datetime-local field shows. */
const localInput = (at: number) => {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/**
 * Admins, on an open contest's page: rename it, move its end, change its prizes (the server
 * takes lower prizes only before the start, and says so), or cancel it after a confirmation.
 */
export function ContestAdminTools({ contest }: { contest: Contest }) {
  const { t } = useI18n();
  const edit = useEditContest();
  const cancel = useCancelContest();
  const [error, setError] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const end = new Date(String(form.get('expiration') ?? '')).getTime();
    setError('');
    edit.mutate(
      {
        contestId: contest.id,
        name: String(form.get('name') ?? ''),
        expiration: Number.isFinite(end) ? end : undefined,
        prizes: String(form.get('prizes') ?? '').replace(/\s+/g, ''),
      },
      {
        onSuccess: () => toast.success(t('rewards.contest.admin.saved')),
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  const askCancel = () =>
    confirm({
      title: t('rewards.contest.admin.cancelTitle'),
      body: t('rewards.contest.admin.cancelBody', { name: contest.name ?? '' }),
      confirmText: t('rewards.contest.admin.cancelConfirm'),
      cancelText: t('rewards.contest.admin.keep'),
      onConfirm: () =>
        cancel.mutate(contest.id, {
          // A refusal is toasted by the query client like any mutation's.
          onSuccess: () => toast.success(t('rewards.contest.admin.cancelledToast')),
        }),
    });

  return (
    <details className={styles.admin} data-testid="contest-admin">
      <summary>{t('rewards.contest.admin.title')}</summary>
      <form className={styles.form} onSubmit={submit}>
        <Field
          label={t('rewards.contests.form.name')}
          name="name"
          required
          maxLength={60}
          defaultValue={contest.name}
        />
        <Field
          label={t('rewards.contest.admin.end')}
          name="expiration"
          type="datetime-local"
          required
          defaultValue={localInput(contest.expiration ?? Date.now())}
        />
        <Field
          label={t('rewards.contests.form.prizes')}
          name="prizes"
          required
          defaultValue={(contest.prizes ?? []).join(',')}
          pattern="\s*\d+(\s*,\s*\d+){0,9}\s*"
        />
        <p className={styles.meta}>{t('rewards.contest.admin.prizesRule')}</p>
        {error && <p role="alert">{error}</p>}
        <div className={styles.actions}>
          <Button type="submit" disabled={edit.isPending}>
            {t('rewards.contest.admin.save')}
          </Button>
          <Button variant="secondary" onClick={askCancel} disabled={cancel.isPending}>
            {t('rewards.contest.admin.cancel')}
          </Button>
        </div>
      </form>
    </details>
  );
}
