import { ContestKind, GiftLeaderboardType } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateContest } from '../../api/areas/rewards';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { Field, fieldStyles } from '../../ui/Field';
import { PATHS } from '../../ui/paths';
import styles from './Contests.module.css';
import './texts';

const HOUR = 3_600_000;

/** Admins: a contest's name, kind, pool by place, length and (for a draw) its room. */
export function NewContestForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const create = useCreateContest();
  const [type, setType] = useState<string>(ContestKind.RANDOM);
  const [board, setBoard] = useState<string>(GiftLeaderboardType.GIFTERS);
  const [currency, setCurrency] = useState('gold');
  const [error, setError] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const hours = Number(form.get('hours')) || 24;
    const roomId = Number(form.get('roomId')) || undefined;
    setError('');
    create.mutate(
      {
        name: String(form.get('name') ?? ''),
        type: type as 'top' | 'random',
        board: type === ContestKind.TOP ? (board as 'gifters' | 'receivers') : undefined,
        currency: currency as 'gold' | 'gems',
        prizes: String(form.get('prizes') ?? '').replace(/\s+/g, ''),
        expiration: Date.now() + hours * HOUR,
        roomId: type === ContestKind.RANDOM ? roomId : undefined,
      },
      {
        onSuccess: (contest) => navigate(PATHS.contest(contest.id)),
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  const select = (label: string, value: string, set: (v: string) => void, options: [string, string][]) => (
    <label className={fieldStyles.field}>
      <span className={fieldStyles.label}>{label}</span>
      <select value={value} onChange={(e) => set(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form className={styles.form} onSubmit={submit} data-testid="new-contest">
      <Field label={t('rewards.contests.form.name')} name="name" required maxLength={60} />
      {select(t('rewards.contests.form.type'), type, setType, [
        [ContestKind.RANDOM, t('rewards.contest.kind.random')],
        [ContestKind.TOP, t('rewards.contest.kind.top')],
      ])}
      {type === ContestKind.TOP &&
        select(t('rewards.contests.form.board'), board, setBoard, [
          [GiftLeaderboardType.GIFTERS, t('rewards.boards.type.gifters')],
          [GiftLeaderboardType.RECEIVERS, t('rewards.boards.type.receivers')],
        ])}
      {select(t('rewards.contests.form.currency'), currency, setCurrency, [
        ['gold', t('rewards.unit.gold')],
        ['gems', t('rewards.unit.gems')],
      ])}
      <Field
        label={t('rewards.contests.form.prizes')}
        name="prizes"
        required
        placeholder="500,200,100"
        pattern="\s*\d+(\s*,\s*\d+){0,9}\s*"
      />
      <Field
        label={t('rewards.contests.form.hours')}
        name="hours"
        type="number"
        min={1}
        max={1440}
        defaultValue={24}
      />
      {type === ContestKind.RANDOM && (
        <Field label={t('rewards.contests.form.room')} name="roomId" type="number" min={1} />
      )}
      {error && <p role="alert">{error}</p>}
      <Button type="submit" disabled={create.isPending}>
        {t('rewards.contests.form.create')}
      </Button>
    </form>
  );
}
