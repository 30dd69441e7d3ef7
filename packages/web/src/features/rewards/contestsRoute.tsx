import { useContests } from '../../api/areas/rewards';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { ContestCard } from './ContestCard';
import styles from './Contests.module.css';
import { NewContestForm } from './NewContestForm';
import './texts';

/** Contests running now, then those that ended this week; admins create new ones below. */
function ContestsPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const contests = useContests();
  usePageTitle(t('rewards.contests.title'));
  return (
    <div className={pageStyles.page}>
      <h1>{t('rewards.contests.title')}</h1>
      <p className={pageStyles.lead}>{t('rewards.contests.lead')}</p>
      {contests.isError && <p role="alert">{errorText(contests.error)}</p>}
      {contests.data && contests.data.length === 0 && <p>{t('rewards.contests.none')}</p>}
      <ul className={styles.list} data-testid="contests">
        {contests.data?.map((c) => (
          <li key={c.id}>
            <ContestCard contest={c} />
          </li>
        ))}
      </ul>
      {user?.isAdmin && (
        <section>
          <h2>{t('rewards.contests.new')}</h2>
          <NewContestForm />
        </section>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <ContestsPage />
    </RequireLogin>
  );
}
