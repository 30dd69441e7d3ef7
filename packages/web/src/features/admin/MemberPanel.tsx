import type { AdminMember, ModerationReport } from '@tertulia/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminCalls, useAdminAction, useAdminMember } from '../../api/areas/admin';
import { useSession } from '../../api/areas/user';
import { formatCount, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import { PATHS } from '../../ui/paths';
import styles from './Admin.module.css';
import { useDateFormat } from './AdminFrame';
import './texts';
import '../gifts/texts';

/** One member as the team sees them, with the admin's actions on them. */
export function MemberPanel({ uid }: { uid: number }) {
  const { t } = useI18n();
  const date = useDateFormat();
  const query = useAdminMember(uid);
  const detail = query.data?.[0];
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  if (!detail) return null;
  const m = detail.member;
  const reportList = (title: string, reports: ModerationReport[]) => (
    <section className={styles.card}>
      <h2>{title}</h2>
      {reports.length === 0 ? (
        <p className={styles.muted}>{t('admin.none')}</p>
      ) : (
        <ul className={styles.plain}>
          {reports.map((r) => (
            <li key={r.id}>
              {t('admin.reportLine', { reporter: r.reporter.name, reported: r.reported.name })} · {r.kind} ·{' '}
              {date(r.creationTime)}
              {r.comment && <> · “{r.comment}”</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className={styles.list} data-testid="admin-member">
      <section className={styles.card}>
        <h2>
          <Link to={PATHS.profile(m.uid)}>{m.name}</Link> <span className={styles.muted}>#{m.uid}</span>
        </h2>
        <p>{m.email}</p>
        <p className={styles.muted}>
          {t('admin.joined', { date: date(m.creationTime) })} ·{' '}
          {t('admin.lastAccess', { date: date(m.lastAccess) })}
        </p>
        <p>{t('admin.counts', { about: m.reportsAbout, by: m.reportsBy })}</p>
        {m.verified && <p className={styles.kind}>{t('admin.verified')}</p>}
        {m.banned && (
          <p role="status" className={styles.banned}>
            {m.banUntil ? t('admin.bannedUntil', { date: date(m.banUntil) }) : t('admin.bannedForever')}
            {m.banReason && <> · {m.banReason}</>}
          </p>
        )}
        <MemberActions member={m} />
      </section>
      {reportList(t('admin.reportsAbout'), detail.reportsAbout)}
      {reportList(t('admin.reportsBy'), detail.reportsBy)}
      <section className={styles.card}>
        <h2>{t('admin.sessions')}</h2>
        {detail.sessions.length === 0 ? (
          <p className={styles.muted}>{t('admin.none')}</p>
        ) : (
          <ul className={styles.plain}>
            {detail.sessions.map((s) => (
              <li key={s.id}>
                {date(s.lastSeen)} · {s.userAgent ?? '—'} · {s.address ?? '—'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card}>
        <h2>{t('admin.ledger')}</h2>
        <p>{t('admin.balances', { gold: detail.balances.gold, gems: detail.balances.gems })}</p>
        {detail.ledger.length === 0 ? (
          <p className={styles.muted}>{t('admin.none')}</p>
        ) : (
          <ul className={styles.plain} data-testid="admin-ledger">
            {detail.ledger.map((line) => (
              <li key={`${line.id}-${line.currency}`}>
                {date(line.timestamp)} · {line.amount > 0 ? '+' : ''}
                {formatCount(line.amount)}{' '}
                {t(`gifts.account.currency.${line.currency}` as 'gifts.account.currency.gold')} ·{' '}
                {t(`gifts.account.kind.${line.kind}` as 'gifts.account.kind.gift')}
                {line.reason ? ` · ${line.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card}>
        <h2>{t('admin.activity')}</h2>
        {detail.activity.length === 0 ? (
          <p className={styles.muted}>{t('admin.none')}</p>
        ) : (
          <ul className={styles.plain}>
            {detail.activity.map((e) => (
              <li key={e.id}>
                {date(e.creationTime)} · {e.actor.name}: {e.action}
                {e.reason && <> · {e.reason}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function MemberActions({ member: m }: { member: AdminMember }) {
  const { t } = useI18n();
  const { user } = useSession();
  const action = useAdminAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(7);
  const [role, setRole] = useState<'member' | 'moderator' | 'admin'>(
    m.isAdmin ? 'admin' : m.isModerator ? 'moderator' : 'member',
  );
  const admin = !!user?.isAdmin && user.id !== m.uid;
  return (
    <div className={styles.resolve}>
      {!m.verified && (
        <Button
          variant="secondary"
          onClick={() => action.mutate({ endpoint: adminCalls.verifyMember, params: { userId: m.uid } })}
        >
          {t('admin.verify')}
        </Button>
      )}
      {admin && m.banned && (
        <Button
          onClick={() => action.mutate({ endpoint: adminCalls.unbanMember, params: { userId: m.uid } })}
        >
          {t('admin.unban')}
        </Button>
      )}
      {admin && !m.banned && !m.isAdmin && !m.isModerator && (
        <form
          className={styles.inline}
          onSubmit={(e) => {
            e.preventDefault();
            action.mutate({
              endpoint: adminCalls.banMember,
              params: { userId: m.uid, reason: reason.trim(), days },
            });
          }}
        >
          <label className={fieldStyles.label}>
            {t('admin.reason')}
            <input
              className={fieldStyles.input}
              required
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <label className={fieldStyles.label}>
            {t('admin.days')}
            <input
              className={fieldStyles.input}
              type="number"
              min={0}
              max={3650}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            />
          </label>
          <Button type="submit">{t('admin.action.ban')}</Button>
        </form>
      )}
      {admin && (
        <form
          className={styles.inline}
          onSubmit={(e) => {
            e.preventDefault();
            action.mutate({ endpoint: adminCalls.setRole, params: { userId: m.uid, role } });
          }}
        >
          <label className={fieldStyles.label}>
            {t('admin.role')}
            <select
              className={fieldStyles.input}
              value={role}
              onChange={(e) => setRole(e.target.value as never)}
            >
              <option value="member">{t('admin.role.member')}</option>
              <option value="moderator">{t('admin.role.moderator')}</option>
              <option value="admin">{t('admin.role.admin')}</option>
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {t('admin.saveRole')}
          </Button>
        </form>
      )}
      {action.isError && <p role="alert">{errorText(action.error)}</p>}
      {action.isSuccess && <p role="status">{t('admin.done')}</p>}
    </div>
  );
}
