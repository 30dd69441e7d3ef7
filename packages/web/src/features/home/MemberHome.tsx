import type { User } from '@tertulia/contract';
import pageStyles from '../../app/Page.module.css';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Home.module.css';

/** The member's home; the feed, buddies and rooms issues add their sections here. */
export function MemberHome({ user }: { user: User }) {
  const { t } = useI18n();
  usePageTitle(t('home.title'));
  return (
    <div className={pageStyles.page}>
      <section className={`${pageStyles.card} ${styles.welcome}`} aria-labelledby="home-welcome">
        <h1 id="home-welcome">{t('home.welcome', { name: user.name ?? '' })}</h1>
        <p className={pageStyles.lead}>{t('home.memberLead')}</p>
      </section>
    </div>
  );
}
