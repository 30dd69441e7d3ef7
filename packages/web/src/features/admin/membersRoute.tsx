import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFoundMembers } from '../../api/areas/admin';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import styles from './Admin.module.css';
import { AdminFrame } from './AdminFrame';
import { MemberPanel } from './MemberPanel';
import { ADMIN_PATHS } from './paths';
import './texts';

/** Member lookup by name, id or email (?q=), and one member's page (?u=). */
function Members() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const uid = Number(params.get('u')) || undefined;
  const [text, setText] = useState(q);
  const found = useFoundMembers(q);
  return (
    <>
      <search>
        <form
          className={styles.inline}
          onSubmit={(e) => {
            e.preventDefault();
            setParams(text.trim() ? { q: text.trim() } : {});
          }}
        >
          <label className={fieldStyles.label}>
            {t('admin.searchLabel')}
            <input
              className={fieldStyles.input}
              type="search"
              value={text}
              maxLength={120}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <Button type="submit">{t('admin.find')}</Button>
        </form>
      </search>
      {uid ? (
        <MemberPanel uid={uid} />
      ) : found.isError ? (
        <p role="alert">{errorText(found.error)}</p>
      ) : found.data && found.data.length === 0 ? (
        <p role="status">{t('admin.noMatches')}</p>
      ) : (
        <ul className={styles.list}>
          {(found.data ?? []).map((m) => (
            <li key={m.uid} className={styles.card}>
              <Link to={ADMIN_PATHS.member(m.uid)}>{m.name}</Link>{' '}
              <span className={styles.muted}>#{m.uid}</span>
              <div className={styles.muted}>{m.email}</div>
              <div>{t('admin.counts', { about: m.reportsAbout, by: m.reportsBy })}</div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('admin.nav.members')}>
      <Members />
    </AdminFrame>
  );
}
