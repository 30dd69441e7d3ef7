import { useQueryClient } from '@tanstack/react-query';
import type { OfflineMessage } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { markOfflineRead, offlineInboxKey, useOfflineBox } from '../../api/areas/messaging';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { RichText } from '../../ui/markup/RichText';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { TimeAgo } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import { openOfflineCompose } from './dialogs';
import { imStore } from './imStore';
import styles from './Messaging.module.css';
import { Pager } from './Pager';
import { IM_PATHS } from './paths';
import './texts';

const PAGE = 20;

function Mail({ mail, box }: { mail: OfflineMessage; box: 'inbox' | 'sent' }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const other = box === 'inbox' ? mail.sender : mail.recipient;
  const unread = box === 'inbox' && !mail.read;
  const toggle = () => {
    setOpen(!open);
    if (unread && !open)
      void markOfflineRead({ id: mail.id })
        .then(() => queryClient.invalidateQueries({ queryKey: offlineInboxKey }))
        .catch(() => undefined);
  };
  return (
    <li className={styles.row} data-unread={unread || undefined} data-testid="offline-mail">
      <button type="button" className={styles.rowButton} aria-expanded={open} onClick={toggle}>
        <span className={styles.rowTitle}>{mail.subject || t('offline.noSubject')}</span>
        <span className={styles.rowMeta}>{mail.creationTime ? <TimeAgo at={mail.creationTime} /> : ''}</span>
        <span className={styles.rowMeta}>
          {box === 'inbox'
            ? t('offline.from', { name: other?.name ?? '' })
            : t('offline.toName', { name: other?.name ?? '' })}
          {unread && ` · ${t('offline.new')}`}
        </span>
      </button>
      {open && (
        <>
          <RichText as="p" text={mail.message ?? ''} />
          {mail.photo && /^(https?:\/\/|\/(?!\/))/.test(mail.photo) && (
            <img className={styles.photo} src={mail.photo} alt={t('offline.photoAlt')} loading="lazy" />
          )}
          {box === 'inbox' && other && (
            <div>
              <Button
                variant="secondary"
                onClick={() =>
                  openOfflineCompose({
                    destId: other.uid,
                    destName: other.name,
                    subject: mail.subject ? t('offline.reSubject', { subject: mail.subject }) : undefined,
                  })
                }
              >
                {t('offline.reply')}
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

function Box() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const box = pathname === IM_PATHS.sent ? 'sent' : 'inbox';
  const [page, setPage] = useState(1);
  const { data, isPending } = useOfflineBox(box, page, PAGE);
  const title = box === 'inbox' ? t('offline.inbox') : t('offline.sentBox');
  // Seeing the inbox clears the new-mail mark.
  useEffect(() => {
    if (box === 'inbox') imStore.mailSeen();
  }, [box]);
  usePageTitle(title);
  return (
    <div className={`${pageStyles.page} ${styles.page}`}>
      <h1>{title}</h1>
      <nav className={styles.tabs} aria-label={t('offline.boxes')}>
        <Link to={IM_PATHS.inbox} aria-current={box === 'inbox' ? 'page' : undefined}>
          {t('offline.inbox')}
        </Link>
        <Link to={IM_PATHS.sent} aria-current={box === 'sent' ? 'page' : undefined}>
          {t('offline.sentBox')}
        </Link>
        <Link to={IM_PATHS.messages}>{t('im.allTitle')}</Link>
        <Button onClick={() => openOfflineCompose({})}>{t('offline.compose')}</Button>
      </nav>
      {isPending ? (
        <p>{t('app.loading')}</p>
      ) : !data?.length ? (
        <p className={styles.empty}>{box === 'inbox' ? t('offline.inboxEmpty') : t('offline.sentEmpty')}</p>
      ) : (
        <ul className={styles.rows}>
          {data.map((mail) => (
            <Mail key={mail.id} mail={mail} box={box} />
          ))}
        </ul>
      )}
      <Pager page={page} full={(data?.length ?? 0) >= PAGE} onPage={setPage} />
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <Box />
    </RequireLogin>
  );
}
