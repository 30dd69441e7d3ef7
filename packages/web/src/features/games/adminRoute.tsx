import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminGame, api, GameStatus } from '@tertulia/contract';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { registerGame, setGameStatus } from '../../api/areas/games';
import { keyOf, listQuery } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/dialog/confirm';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { AdminFrame } from '../admin/AdminFrame';
import {
  EMPTY_GAME_FORM,
  type GameForm,
  type GameFormErrors,
  gameFormErrors,
  type LimitField,
  registerParams,
} from './adminForm';
import styles from './Games.module.css';
import { GAMES_PATHS } from './paths';
import './texts';

const gamesKey = keyOf(api.gameAdmin.getGames);
/** A new game: a built-in one by its folder (slug) or an external one by its https address. */
export function RegisterForm() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [game, setGame] = useState(EMPTY_GAME_FORM);
  const [shown, setShown] = useState<GameFormErrors>({});
  const save = useMutation({
    mutationFn: () => registerGame(registerParams(game)),
    meta: { silent: true },
    onSuccess: () => {
      setGame(EMPTY_GAME_FORM);
      void queryClient.invalidateQueries({ queryKey: gamesKey });
    },
  });
  const set = (key: keyof GameForm) => (e: { target: { value: string } }) => {
    setGame((g) => ({ ...g, [key]: e.target.value }));
    setShown((errors) => ({ ...errors, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = gameFormErrors(game);
    setShown(errors);
    if (Object.keys(errors).length === 0) save.mutate();
  };
  const field = (key: LimitField, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field
      label={t(`games.admin.${key}`)}
      value={game[key]}
      onChange={set(key)}
      error={shown[key] ? t(shown[key]) : undefined}
      data-testid={`game-form-${key}`}
      {...extra}
    />
  );
  return (
    <form
      onSubmit={submit}
      className={`${styles.section} ${styles.adminForm}`}
      noValidate
      data-testid="game-register"
    >
      <h2>{t('games.admin.register')}</h2>
      {save.isError && <p role="alert">{errorText(save.error)}</p>}
      {save.isSuccess && <p role="status">{t('games.admin.saved')}</p>}
      <Field label={t('games.admin.name')} value={game.name} onChange={set('name')} maxLength={60} required />
      <Field
        label={t('games.admin.url')}
        value={game.address}
        onChange={set('address')}
        maxLength={500}
        required
      />
      <Field
        label={t('games.admin.description')}
        value={game.description}
        onChange={set('description')}
        maxLength={2000}
      />
      {field('icon', { maxLength: 500 })}
      {field('playText', { maxLength: 40 })}
      {field('scoreMin', { inputMode: 'numeric' })}
      {field('scoreMax', { inputMode: 'numeric' })}
      {field('scoresPerMinute', { inputMode: 'numeric' })}
      <Field
        label={t('games.admin.rewardCap')}
        type="number"
        min={0}
        value={game.dailyRewardCap}
        onChange={set('dailyRewardCap')}
        error={shown.dailyRewardCap ? t(shown.dailyRewardCap) : undefined}
      />
      {field('presenceUrl', { maxLength: 500, inputMode: 'url' })}
      <p>
        <Button type="submit" disabled={save.isPending || !game.name.trim() || !game.address.trim()}>
          {t('games.admin.save')}
        </Button>
      </p>
    </form>
  );
}

/** One game with its switches: featured, listed or hidden, retired. */
function GameRow({ game }: { game: AdminGame }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (to: { status?: GameStatus; featured?: boolean }) => setGameStatus({ gid: game.id, ...to }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gamesKey }),
  });
  const name = game.name ?? '';
  const retired = game.status === GameStatus.RETIRED;
  return (
    <tr data-testid="admin-game" data-gid={game.id}>
      <td>{game.id}</td>
      <td>
        <a href={GAMES_PATHS.game(game.id)}>{name}</a>
      </td>
      <td>{game.slug ?? game.url}</td>
      <td>
        {retired
          ? t('games.admin.retired')
          : game.status === GameStatus.HIDDEN
            ? t('games.admin.hidden')
            : game.isFeatured
              ? t('games.featured')
              : ''}
      </td>
      <td className={styles.actions}>
        {!retired && (
          <>
            <Button
              variant="secondary"
              disabled={change.isPending}
              onClick={() => change.mutate({ featured: !game.isFeatured })}
            >
              {game.isFeatured ? t('games.admin.unfeature') : t('games.admin.feature')}
            </Button>
            <Button
              variant="secondary"
              disabled={change.isPending}
              onClick={() =>
                change.mutate({
                  status: game.status === GameStatus.HIDDEN ? GameStatus.ACTIVE : GameStatus.HIDDEN,
                })
              }
            >
              {game.status === GameStatus.HIDDEN ? t('games.admin.show') : t('games.admin.hide')}
            </Button>
            <Button
              variant="secondary"
              disabled={change.isPending}
              onClick={() =>
                confirm({
                  title: t('games.admin.retire'),
                  body: t('games.admin.confirmRetire', { name }),
                  confirmText: t('games.admin.retire'),
                  cancelText: t('dialog.cancel'),
                  onConfirm: () => change.mutate({ status: GameStatus.RETIRED }),
                })
              }
            >
              {t('games.admin.retire')}
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

/** The admins' games catalogue: register, feature, hide and retire (docs/games-container.md). */
function GamesAdmin() {
  const games = useQuery(listQuery(api.gameAdmin.getGames, { limit: 100 }));
  return (
    <>
      <RegisterForm />
      {games.isError && <p role="alert">{errorText(games.error)}</p>}
      <table className={styles.adminTable}>
        <tbody>
          {games.data?.map((game) => (
            <GameRow key={game.id} game={game} />
          ))}
        </tbody>
      </table>
    </>
  );
}

export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('games.admin.title')}>
      <GamesAdmin />
    </AdminFrame>
  );
}
