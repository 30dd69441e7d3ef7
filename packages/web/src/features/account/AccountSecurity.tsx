import { EXPORT_DATA_PATH, type Session } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useChangePassword,
  useDeleteAccount,
  useEndOtherSessions,
  useEndSession,
  useSessions,
} from '../../api/areas/profile';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { PATHS } from '../../ui/paths';
import { useTimeAgo } from '../../ui/time/clock';
import { toast } from '../../ui/toast/toastStore';
import styles from '../people/People.module.css';
import account from './Account.module.css';
import './texts';

function ChangePassword() {
  const { t } = useI18n();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast.success(t('account.passwordChanged'));
        },
      },
    );
  };
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-password">
      <h2 id="settings-password">{t('account.passwordTitle')}</h2>
      <p className={styles.muted}>{t('account.passwordLead')}</p>
      <form className={account.form} onSubmit={submit} noValidate>
        {change.isError && (
          <p role="alert" className={account.error}>
            {errorText(change.error)}
          </p>
        )}
        <Field
          label={t('account.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <Field
          label={t('account.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <Button type="submit" disabled={change.isPending || !current || !next}>
          {t('account.passwordSubmit')}
        </Button>
      </form>
    </section>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { t } = useI18n();
  const timeAgo = useTimeAgo();
  const end = useEndSession();
  const device = session.device || t('account.sessionUnknownDevice');
  return (
    <li className={styles.blockedRow} data-session={session.current ? 'current' : 'other'}>
      <div>
        <strong>{device}</strong>
        {session.current && <span> · {t('account.sessionCurrent')}</span>}
        <p className={styles.muted}>
          {t('account.sessionDetails', {
            created: timeAgo(session.created),
            lastSeen: timeAgo(session.lastSeen),
            address: session.address,
          })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          aria-label={t('account.sessionEndLabel', { device })}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, { onSuccess: () => toast.success(t('account.sessionEnded')) })
          }
        >
          {t('account.sessionEnd')}
        </Button>
      )}
    </li>
  );
}

function Sessions() {
  const { t } = useI18n();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-sessions">
      <h2 id="settings-sessions">{t('account.sessionsTitle')}</h2>
      {sessions.isError ? (
        <p role="alert">{errorText(sessions.error)}</p>
      ) : (
        <ul className={account.sessionList} aria-labelledby="settings-sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {list.some((s) => !s.current) && (
        <div>
          <Button
            variant="secondary"
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (count) => toast.success(t('account.endedOthers', { count })),
              })
            }
          >
            {t('account.endOthers')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ExportData() {
  const { t } = useI18n();
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-export">
      <h2 id="settings-export">{t('account.exportTitle')}</h2>
      <p className={styles.muted}>{t('account.exportLead')}</p>
      <p>
        <a href={EXPORT_DATA_PATH} download>
          {t('account.exportLink')}
        </a>
      </p>
    </section>
  );
}

function DeleteAccount() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(password, {
      onSuccess: () => {
        toast.notice(t('account.deleted'));
        navigate(PATHS.home, { replace: true });
      },
    });
  };
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('account.deleteTitle')}</h2>
      <p className={account.warning}>{t('account.deleteWarning')}</p>
      <form className={account.form} onSubmit={submit} noValidate>
        {remove.isError && (
          <p role="alert" className={account.error}>
            {errorText(remove.error)}
          </p>
        )}
        <Field
          label={t('account.deletePassword')}
          name="deletePassword"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={remove.isPending || !password}>
          {t('account.deleteSubmit')}
        </Button>
      </form>
    </section>
  );
}

/** Settings sections for the account's safety: password, sessions, data download, deletion. */
export function AccountSecurity() {
  return (
    <>
      <ChangePassword />
      <Sessions />
      <ExportData />
      <DeleteAccount />
    </>
  );
}
