import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSendVerification, verifyToken } from '../../api/areas/people';
import { sessionKey, useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { loginRedirect } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './People.module.css';
import './texts';

type Outcome =
  | { state: 'working' }
  | { state: 'verified'; already: boolean; userId: number }
  | { state: 'failed'; error: unknown };

/** The link of the verification email: POST profile/verify.do {token} once. */
function VerifyToken({ token }: { token: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // A token is single-use: StrictMode's second effect must not spend it again.
    if (started.current) return;
    started.current = true;
    verifyToken(token).then(
      (result) => {
        setOutcome({ state: 'verified', already: result.alreadyVerified, userId: result.userId });
        queryClient.setQueryData<User | null>(sessionKey, (me) =>
          me && me.uid === result.userId ? { ...me, verified: true } : me,
        );
      },
      (error) => setOutcome({ state: 'failed', error }),
    );
  }, [token, queryClient]);

  if (outcome.state === 'working') return <p role="status">{t('verifyPage.working')}</p>;
  if (outcome.state === 'failed')
    return (
      <p role="alert" className={styles.errorBox}>
        {errorText(outcome.error)}
      </p>
    );
  return (
    <>
      <p role="status" className={outcome.already ? styles.infoBox : styles.successBox}>
        {outcome.already ? t('verifyPage.already') : t('verifyPage.done')}
      </p>
      <Link to={PATHS.profile(outcome.userId)} className={buttonClass('primary')}>
        {t('verifyPage.toProfile')}
      </Link>
    </>
  );
}

/** Without a token: a logged-in unverified member asks for the email. */
function RequestEmail() {
  const { t } = useI18n();
  const { user, isPending } = useSession();
  const send = useSendVerification();
  if (isPending) return null;
  if (!user)
    return (
      <p>
        {t('verifyPage.login')} <Link to={loginRedirect(PATHS.verify)}>{t('header.login')}</Link>
      </p>
    );
  if (user.verified) return <p className={styles.infoBox}>{t('verifyPage.already')}</p>;
  if (send.isSuccess)
    return (
      <p role="status" className={styles.successBox}>
        {t('verifyPage.sent')}
      </p>
    );
  return (
    <>
      <p>{t('verifyPage.lead')}</p>
      {send.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(send.error)}
        </p>
      )}
      <Button onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? t('verifyPage.sending') : t('verifyPage.send')}
      </Button>
    </>
  );
}

/** `/link/profile-verify.jsp?token=...`. */
export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  usePageTitle(t('verifyPage.title'));
  return (
    <div className={pageStyles.page}>
      <div className={`${pageStyles.card} ${styles.stack}`}>
        <h1>{t('verifyPage.title')}</h1>
        {token ? <VerifyToken token={token} /> : <RequestEmail />}
      </div>
    </div>
  );
}
