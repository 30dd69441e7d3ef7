import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogin } from '../../api/areas/profile';
import { getLocale, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { PATHS } from '../../ui/paths';
import styles from './Account.module.css';
import { adoptMemberLocale, announceLogin, safeNext } from './afterLogin';

interface Props {
  /** Where to go after logging in; stays on the page when absent. */
  next?: string | null;
  autoFocus?: boolean;
  headingLevel?: 1 | 2;
}

export function LoginForm({ next, autoFocus, headingLevel = 2 }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const login = useLogin();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { name: name.trim(), password, rememberMe, locale: getLocale() },
      {
        onSuccess: async (user) => {
          await adoptMemberLocale(user);
          announceLogin(user);
          if (next !== undefined) navigate(safeNext(next, PATHS.home), { replace: true });
        },
      },
    );
  };

  return (
    // POST, not the default GET: a submit before the page hydrates must not put the password in
    // the address (the server renders this form: docs/first-paint.md).
    <form method="post" className={styles.form} onSubmit={submit} aria-labelledby={headingId} noValidate>
      <Heading id={headingId} className={styles.heading}>
        {t('login.title')}
      </Heading>
      {login.isError && (
        <p role="alert" className={styles.error}>
          {errorText(login.error)}
        </p>
      )}
      <Field
        label={t('login.name')}
        name="name"
        autoComplete="username"
        autoCapitalize="none"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus={autoFocus}
      />
      <Field
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        {t('login.rememberMe')}
      </label>
      <Button type="submit" block disabled={login.isPending || !name.trim() || !password}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
