import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { changeEmail } from '../../api/areas/settings';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { PATHS } from '../../ui/paths';
import { preferencesKey, usePreferences } from './preferencesApi';
import styles from './Settings.module.css';
import './texts';
import '../people/texts';

/** Name shown, and an email change that waits for the link mailed to the new address. */
export function AccountSettings() {
  const { t } = useI18n();
  const { user } = useSession();
  const { data } = usePreferences();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await changeEmail({ email, password });
      setSent(email.trim());
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: preferencesKey });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="settings-account">
      <h2 id="settings-account">{t('prefs.account')}</h2>
      <dl className={styles.facts}>
        <dt>{t('prefs.nameShown')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('prefs.email')}</dt>
        <dd data-testid="current-email">{user.email}</dd>
      </dl>
      <ul className={styles.linkList}>
        <li>
          <Link to={PATHS.profile(user.uid)}>{t('settings.profileLink')}</Link>
        </li>
        <li>
          <Link to={PATHS.profileVisits}>{t('visits.title')}</Link>
        </li>
        <li>{user.verified ? t('settings.verified') : <Link to={PATHS.verify}>{t('verify.now')}</Link>}</li>
      </ul>
      {sent ? (
        <p role="status">{t('prefs.emailSent', { email: sent })}</p>
      ) : (
        data?.pendingEmail && <p>{t('prefs.emailPending', { email: data.pendingEmail })}</p>
      )}
      <form onSubmit={submit} className={styles.stack}>
        <Field
          label={t('prefs.newEmail')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t('prefs.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('prefs.changeEmail')}
        </Button>
      </form>
    </section>
  );
}
