import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { badgeText } from '../../ui/menu/badgeText';
import { headerDropdownStyles } from '../../ui/menu/HeaderDropdown';
import { TimeAgo } from '../../ui/time/clock';
import { openConversation, openSendIm } from './dialogs';
import styles from './ImHeader.module.css';
import { imStore } from './imStore';
import { IM_PATHS } from './paths';
import { usePreview } from './preview';
import { conversationTitle, HEADER_MAX, type LocalConversation } from './rules';

// The new-message form opens on a click only: its chunk stays out of every page's first load
// (first-load.e2e.test.ts, 150 KiB budget).
const NewImForm = lazy(() => import('./NewImForm').then((m) => ({ default: m.NewImForm })));

interface Props {
  list: LocalConversation[] | undefined;
  uid: number | undefined;
  newMail: number;
  setOpen: (open: boolean) => void;
  /** "New message": a recipient picker instead of the list. */
  composing: boolean;
  setComposing: (update: (value: boolean) => boolean) => void;
}

/**
 * The IM dropdown's panel (ImHeader.tsx): the newest conversations (at most 11, then "see all")
 * with their unread counts and typing indicators, and "new message". Its own chunk, fetched
 * when the dropdown first opens: every page shows the button, few open it.
 */
export default function ImPanel({ list, uid, newMail, setOpen, composing, setComposing }: Props) {
  const { t } = useI18n();
  const preview = usePreview();
  const shown = (list ?? []).slice(0, HEADER_MAX);
  return (
    <>
      <div className={styles.top}>
        <button
          type="button"
          className={styles.newButton}
          aria-expanded={composing}
          data-testid="im-new"
          onClick={() => setComposing((value) => !value)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z" />
          </svg>
          {t('im.newMessage')}
        </button>
      </div>
      {composing ? (
        <Suspense fallback={<p className={headerDropdownStyles.empty}>{t('app.loading')}</p>}>
          <NewImForm
            onStart={(target) => {
              setOpen(false);
              openSendIm(target);
            }}
          />
        </Suspense>
      ) : shown.length === 0 ? (
        <p className={headerDropdownStyles.empty}>{list ? t('im.none') : t('app.loading')}</p>
      ) : (
        <ul className={headerDropdownStyles.list}>
          {shown.map((c) => {
            const typing = imStore.whoIsTyping(c.conversationId);
            const count = c.unreadMessageCount ?? 0;
            return (
              <li key={c.conversationId}>
                <button
                  type="button"
                  className={styles.item}
                  data-testid="im-item"
                  data-cid={c.conversationId}
                  onClick={() => {
                    setOpen(false);
                    openConversation({
                      conversationId: c.conversationId,
                      ownerId: c.ownerId,
                      type: c.type,
                    });
                  }}
                >
                  <span className={styles.name}>{conversationTitle(c, uid) || t('im.untitled')}</span>
                  <span className={styles.preview} data-typing={typing ? true : undefined}>
                    {typing ? t('im.typing', { name: typing }) : preview(c)}
                  </span>
                  {c.lastActivity ? (
                    <span className={styles.time}>
                      <TimeAgo at={c.lastActivity} />
                    </span>
                  ) : null}
                  {count > 0 && (
                    <span className={styles.count} data-testid="im-item-badge">
                      <span className="visually-hidden">{t('im.unreadLabel')}</span>
                      {badgeText(count)}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.footer}>
        <Link to={IM_PATHS.messages} onClick={() => setOpen(false)}>
          {t('im.seeAll')}
        </Link>
        <Link to={IM_PATHS.inbox} onClick={() => setOpen(false)} data-testid="im-inbox-link">
          {t('offline.inbox')}
          {newMail > 0 && <span className={styles.count}>{badgeText(newMail)}</span>}
        </Link>
      </div>
    </>
  );
}
