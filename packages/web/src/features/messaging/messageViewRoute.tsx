import { type MouseEvent, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAllConversations } from '../../api/areas/messaging';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { TimeAgo } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import convStyles from './Conversation.module.css';
import { ConversationView } from './ConversationView';
import type { ConversationRef } from './imStore';
import styles from './Messaging.module.css';
import { Pager } from './Pager';
import { IM_PATHS, refFromSearch } from './paths';
import { usePreview } from './preview';
import { conversationTitle, type LocalConversation } from './rules';
import './texts';

const PAGE = 30;

/** "See all": every conversation, newest activity first, with its unread count. */
function AllConversations() {
  const { t } = useI18n();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const { data, isPending } = useAllConversations(page, PAGE);
  const preview = usePreview();
  usePageTitle(t('im.allTitle'));
  return (
    <div className={`${pageStyles.page} ${styles.page}`}>
      <h1>{t('im.allTitle')}</h1>
      <nav className={styles.tabs} aria-label={t('offline.boxes')}>
        <Link to={IM_PATHS.inbox}>{t('offline.inbox')}</Link>
        <Link to={IM_PATHS.sent}>{t('offline.sentBox')}</Link>
      </nav>
      {isPending ? (
        <p>{t('app.loading')}</p>
      ) : !data?.length ? (
        <p className={styles.empty}>{t('im.none')}</p>
      ) : (
        <ul className={styles.rows}>
          {data.map((c) => (
            <li
              key={c.conversationId}
              className={styles.row}
              data-unread={(c.unreadMessageCount ?? 0) > 0 || undefined}
            >
              <Link to={IM_PATHS.conversation(c)} className={styles.rowTitle}>
                {conversationTitle(c, user?.uid) || t('im.untitled')}
              </Link>
              <span className={styles.rowMeta}>
                {(c.unreadMessageCount ?? 0) > 0 &&
                  `${t('im.unreadCount', { count: c.unreadMessageCount ?? 0 })} · `}
                {c.lastActivity ? <TimeAgo at={c.lastActivity} /> : ''}
              </span>
              <p className={styles.rowBody}>{preview(c)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} full={(data?.length ?? 0) >= PAGE} onPage={setPage} />
    </div>
  );
}

/** The conversation page: the same view as the window, full width. */
function ConversationPage({ conversation }: { conversation: ConversationRef }) {
  const { t } = useI18n();
  const { user } = useSession();
  const [title, setTitle] = useState('');
  // A named group reads as its name (as its window does); an IM as "Con Ana".
  const [named, setNamed] = useState(false);
  usePageTitle(title || t('im.allTitle'));
  const onConversation = useCallback(
    (c: LocalConversation) => {
      setTitle(conversationTitle(c, user?.uid) || t('im.untitled'));
      setNamed(!!c.name);
    },
    [user?.uid, t],
  );
  const navigate = useNavigate();
  // Where the toolbar's "more" menu goes on a phone (state: the view re-renders once it exists).
  const [menuIn, setMenuIn] = useState<HTMLElement | null>(null);
  // Back returns to where the member came from (the list, a profile...) when that was in the app.
  const back = (event: MouseEvent) => {
    if ((window.history.state?.idx ?? 0) > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <div className={`${pageStyles.page} ${styles.page} ${convStyles.page}`} data-testid="im-page">
      <header className={convStyles.pageBar}>
        <Link to={IM_PATHS.messages} className={convStyles.back} onClick={back} data-testid="im-back">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
          </svg>
          <span>{t('im.allTitle')}</span>
        </Link>
        <h1>{title ? (named ? title : t('im.dialogTitle', { name: title })) : t('im.untitled')}</h1>
        <div ref={setMenuIn} className={convStyles.pageTools} />
      </header>
      <ConversationView
        initial={conversation}
        onConversation={onConversation}
        registerAsPage
        autoFocus
        menuIn={menuIn}
      />
    </div>
  );
}

function Page() {
  const [search] = useSearchParams();
  const ref = refFromSearch(search);
  return ref ? <ConversationPage key={ref.conversationId} conversation={ref} /> : <AllConversations />;
}

export function Component() {
  return (
    <RequireLogin>
      <Page />
    </RequireLogin>
  );
}
