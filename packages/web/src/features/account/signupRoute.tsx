import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { acceptInvite } from '../../api/areas/buddy';
import type { NameSuggestionParams } from '../../api/areas/profile';
import { useRegister } from '../../api/areas/profile';
import { useSession } from '../../api/areas/user';
import { ApiError } from '../../api/errors';
import { getLocale, t, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText, handleError } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import pageStyles from '../../ui/Page.module.css';
import { PATHS } from '../../ui/paths';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import styles from './Account.module.css';
import { adoptMemberLocale } from './afterLogin';
import { birthYears, daysIn, monthNames } from './birthday';
import { NameSuggestions } from './NameSuggestions';
import './texts';

interface Form {
  name: string;
  password: string;
  email: string;
  day: string;
  month: string;
  year: string;
  gender: '' | 'f' | 'm';
}

const EMPTY: Form = { name: '', password: '', email: '', day: '', month: '', year: '', gender: '' };

/** The server reports a taken name as a conflict or as a validation error on `name`. */
function isNameTaken(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.kind === 'ApiConflictException' || error.details.field === 'name')
  );
}

/** A join invite (buddy/createInvite.do type 2) links here with `?invite=CODE`. */
const INVITE_PARAM = 'invite';

/** The newcomer accepts the invite they came with; a stale invite never blocks the sign-up. */
async function acceptJoinInvite(code: string): Promise<void> {
  try {
    await acceptInvite(code);
    toast.success(t('invite.accepted'));
  } catch (error) {
    handleError(error);
  }
}

export function Component() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const invite = useSearchParams()[0].get(INVITE_PARAM)?.trim() || null;
  const { user } = useSession();
  const register = useRegister();
  const [form, setForm] = useState<Form>(EMPTY);
  const [taken, setTaken] = useState<NameSuggestionParams | null>(null);
  const headingId = useId();
  usePageTitle(t('signup.title'));

  const months = useMemo(() => monthNames(locale), [locale]);
  const years = useMemo(() => birthYears(), []);
  const days = daysIn(Number(form.year), Number(form.month));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const complete =
    form.name.trim() &&
    form.password &&
    form.email.trim() &&
    form.day &&
    form.month &&
    form.year &&
    form.gender;

  if (user && !register.isPending) return <Navigate to={PATHS.home} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const birthday = {
      birthdayYear: Number(form.year),
      birthdayMonth: Number(form.month),
      birthdayDay: Number(form.day),
    };
    setTaken(null);
    register.mutate(
      {
        name: form.name.trim(),
        password: form.password,
        email: form.email.trim(),
        gender: form.gender,
        locale: getLocale(),
        ...birthday,
      },
      {
        onSuccess: async (created) => {
          if (invite) await acceptJoinInvite(invite);
          await adoptMemberLocale(created);
          navigate(PATHS.home, { replace: true });
        },
        onError: (error) => {
          if (isNameTaken(error)) setTaken({ takenUserName: form.name.trim(), ...birthday, limit: 5 });
        },
      },
    );
  };

  const nameError = taken ? errorText(register.error) : undefined;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.card}>
        <form method="post" className={styles.form} onSubmit={submit} aria-labelledby={headingId} noValidate>
          <div>
            <h1 id={headingId} className={styles.heading}>
              {t('signup.title')}
            </h1>
            <p className={pageStyles.lead}>{t('signup.lead')}</p>
          </div>
          {register.isError && !taken && (
            <p role="alert" className={styles.error}>
              {errorText(register.error)}
            </p>
          )}
          <Field
            label={t('signup.name')}
            name="name"
            autoComplete="username"
            autoCapitalize="none"
            required
            value={form.name}
            error={nameError}
            onChange={(event) => {
              set('name', event.target.value);
              setTaken(null);
            }}
          />
          {taken && (
            <NameSuggestions
              params={taken}
              onPick={(name) => {
                set('name', name);
                setTaken(null);
                register.reset();
              }}
            />
          )}
          <Field
            label={t('signup.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={(event) => set('password', event.target.value)}
          />
          <Field
            label={t('signup.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('signup.birthday')}</legend>
            <div className={styles.row}>
              <label className={styles.select}>
                {t('signup.day')}
                <select
                  name="day"
                  required
                  value={form.day}
                  onChange={(e) => set('day', e.target.value)}
                  autoComplete="bday-day"
                >
                  <option value="" />
                  {Array.from({ length: days }, (_, i) => i + 1).map((day) => (
                    <option key={day} value={day}>
                      {day}
                    </option>
                  ))}
                </select>
              </label>
              <label className={styles.select}>
                {t('signup.month')}
                <select
                  name="month"
                  required
                  value={form.month}
                  onChange={(e) => set('month', e.target.value)}
                  autoComplete="bday-month"
                >
                  <option value="" />
                  {months.map((month, i) => (
                    <option key={month} value={i + 1}>
                      {month}
                    </option>
                  ))}
                </select>
              </label>
              <label className={styles.select}>
                {t('signup.year')}
                <select
                  name="year"
                  required
                  value={form.year}
                  onChange={(e) => set('year', e.target.value)}
                  autoComplete="bday-year"
                >
                  <option value="" />
                  {years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('signup.gender')}</legend>
            <div className={styles.radios}>
              <label className={styles.radio}>
                <input
                  type="radio"
                  name="gender"
                  value="f"
                  checked={form.gender === 'f'}
                  onChange={() => set('gender', 'f')}
                />
                {t('signup.genderF')}
              </label>
              <label className={styles.radio}>
                <input
                  type="radio"
                  name="gender"
                  value="m"
                  checked={form.gender === 'm'}
                  onChange={() => set('gender', 'm')}
                />
                {t('signup.genderM')}
              </label>
            </div>
          </fieldset>
          <Button type="submit" block disabled={register.isPending || !complete}>
            {register.isPending ? t('signup.submitting') : t('signup.submit')}
          </Button>
        </form>
      </div>
      <p className={styles.switch}>
        {t('signup.haveAccount')} <Link to={PATHS.login}>{t('signup.loginLink')}</Link>
      </p>
    </div>
  );
}
