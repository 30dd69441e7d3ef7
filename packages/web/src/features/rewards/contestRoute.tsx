import type { Contest } from '@tertulia/contract';
import { Link, useSearchParams } from 'react-router';
import { useContest, useEnterContest, useLeaderboard, useRedeemReward } from '../../api/areas/rewards';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import { BoardRow } from './Board';
import { ContestAdminTools } from './ContestAdminTools';
import { useEndText, usePoolText } from './ContestCard';
import styles from './Contests.module.css';
import { rewardDialog } from './dialogs';
import './texts';

/** A top contest's standings while it runs: its own limited-time leaderboard. */
function Standings({ contest }: { contest: Contest }) {
  const { t } = useI18n();
  const { user } = useSession();
  const board = useLeaderboard({
    event: contest.leaderboard,
    type: contest.board as 'gifters',
    resultsPerPage: 10,
  });
  return (
    <section>
      <h2>{t('rewards.contest.standings')}</h2>
      {board.data?.length === 0 && <p>{t('rewards.boards.none')}</p>}
      <ol className={styles.places} aria-label={t('rewards.contest.standings')}>
        {board.data?.map((e) => (
          <BoardRow key={e.user?.uid} entry={e} mine={e.user?.uid === user?.id} />
        ))}
      </ol>
    </section>
  );
}

/** A contest: what it pays by place, how to take part, and once it ends who won and the prize. */
function ContestPage({ id }: { id: number }) {
  const { t } = useI18n();
  const { user } = useSession();
  const contest = useContest(id);
  const enter = useEnterContest();
  const redeem = useRedeemReward();
  const pool = usePoolText();
  const ends = useEndText();
  const c = contest.data;
  usePageTitle(c?.name ?? t('rewards.contests.title'));
  if (contest.isError) return <p role="alert">{errorText(contest.error)}</p>;
  if (!c) return null;
  const running = !c.settled && (c.expiration ?? 0) > Date.now();
  const unit = (amount: number) =>
    t(c.currency === 'gems' ? 'rewards.prize.gems' : 'rewards.prize.gold', { amount });
  return (
    <>
      <h1>🏆 {c.name}</h1>
      <p className={pageStyles.lead}>
        {t(c.type === 'top' ? 'rewards.contest.howTop' : 'rewards.contest.howRandom', {
          board: t(c.board === 'receivers' ? 'rewards.boards.type.receivers' : 'rewards.boards.type.gifters'),
        })}
      </p>
      {c.cancelled && (
        <p role="status" data-testid="contest-cancelled">
          <strong>{t('rewards.contest.cancelled')}.</strong> {t('rewards.contest.cancelledLead')}
        </p>
      )}
      {running && user?.isAdmin && (
        <ContestAdminTools key={`${c.name}${c.expiration}${c.prizes}`} contest={c} />
      )}
      <p data-testid="contest-meta">
        {t('rewards.contest.pool', { pool: pool(c) })} · {ends(c)}
        {c.type === 'random' ? ` · ${t('rewards.contest.entrants', { count: c.entrants ?? 0 })}` : ''}
      </p>
      <div className={styles.actions}>
        {running && c.type === 'random' && !c.entered && (
          <Button
            onClick={() =>
              enter.mutate(c.id, {
                onSuccess: () => toast.success(t('rewards.contest.enteredToast')),
                onError: (e) => toast.error(errorText(e)),
              })
            }
            disabled={enter.isPending}
          >
            {t('rewards.contest.enter')}
          </Button>
        )}
        {running && c.entered && <span data-testid="contest-entered">✔ {t('rewards.contest.entered')}</span>}
        {c.roomId && running && <Link to={CHAT_PATHS.room(c.roomId)}>{t('rewards.contest.room')}</Link>}
        {c.place && !c.redeemed && (
          <Button
            onClick={() =>
              redeem.mutate(c.id, {
                // The gold bonus/reward dialog tells what landed in the balance.
                onSuccess: () =>
                  openDialog(rewardDialog, {
                    kind: 'redeemed',
                    amount: c.prizes?.[c.place! - 1] ?? 0,
                    currency: c.currency === 'gems' ? 'gems' : 'gold',
                  }),
                onError: (e) => toast.error(errorText(e)),
              })
            }
            disabled={redeem.isPending}
          >
            {t('rewards.contest.redeem', { prize: unit(c.prizes?.[c.place - 1] ?? 0) })}
          </Button>
        )}
        {c.place && c.redeemed && (
          <span data-testid="contest-redeemed">✔ {t('rewards.contest.redeemed')}</span>
        )}
      </div>
      {c.cancelled ? null : c.settled ? (
        <section>
          <h2>{t('rewards.contest.winners')}</h2>
          {c.winners?.length === 0 && <p>{t('rewards.contest.noWinners')}</p>}
          <ol className={styles.places} data-testid="contest-winners">
            {c.winners?.map((w, i) => (
              <li key={w.uid} className={[styles.place, w.uid === user?.id ? styles.mine : ''].join(' ')}>
                <strong>{i + 1}.</strong>
                <UserLink user={w} />
                <span>{unit(c.prizes?.[i] ?? 0)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <>
          <h2>{t('rewards.contest.prizes')}</h2>
          <ol className={styles.places}>
            {c.prizes?.map((amount, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: places are fixed and ordered
              <li key={i} className={styles.place}>
                <strong>{i + 1}.</strong>
                <span>{t('rewards.contest.place', { place: i + 1 })}</span>
                <span>{unit(amount)}</span>
              </li>
            ))}
          </ol>
          {c.type === 'top' && <Standings contest={c} />}
        </>
      )}
      <p>
        <Link to={PATHS.contests}>{t('rewards.contest.all')}</Link>
      </p>
    </>
  );
}

export function Component() {
  const [search] = useSearchParams();
  return (
    <RequireLogin>
      <div className={pageStyles.page}>
        <ContestPage id={Number(search.get('contestId')) || 0} />
      </div>
    </RequireLogin>
  );
}
