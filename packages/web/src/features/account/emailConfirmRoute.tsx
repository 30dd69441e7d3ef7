import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmEmail } from '../../api/areas/settings';
import { sessionKey } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from '../people/People.module.css';
import './texts';

/** The link of the email-change mail: POST user/confirmEmail.do {token} once. */
export function Component() {
  const { t } = useI18n();
  usePageTitle(t('prefs.emailConfirmTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'working' | 'done' | { error: unknown }>('working');
  const started = useRef(false);
  useEffect(() => {
    // Single-use: StrictMode's second effect must not spend it again.
    if (started.current) return;
    started.current = true;
    confirmEmail({ token }).then(
      () => {
        setOutcome('done');
        queryClient.invalidateQueries({ queryKey: sessionKey });
      },
      (error) => setOutcome({ error }),
    );
  }, [token, queryClient]);
  return (
    <div className={pageStyles.page}>
      <h1>{t('prefs.emailConfirmTitle')}</h1>
      <div className={pageStyles.card}>
        {outcome === 'working' ? (
          <p role="status">{t('app.loading')}</p>
        ) : outcome === 'done' ? (
          <p role="status" className={styles.successBox}>
            {t('prefs.emailConfirmed')}
          </p>
        ) : (
          <p role="alert" className={styles.errorBox}>
            {errorText(outcome.error)}
          </p>
        )}
        <Link to={PATHS.settings} className={buttonClass('secondary')}>
          {t('settings.title')}
        </Link>
      </div>
    </div>
  );
}
