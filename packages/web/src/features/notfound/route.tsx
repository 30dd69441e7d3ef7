import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';

export function Component() {
  const { t } = useI18n();
  usePageTitle(t('notFound.title'));
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.card}>
        <h1>{t('notFound.title')}</h1>
        <p className={pageStyles.lead}>{t('notFound.body')}</p>
        <Link to={PATHS.home} className={buttonClass('primary')}>
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
