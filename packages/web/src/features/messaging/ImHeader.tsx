import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHeaderConversations } from '../../api/areas/messaging';
import { useSession } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { dialogs } from '../../ui/dialog/dialogStore';
import { badgeText } from '../../ui/menu/badgeText';
import { HeaderBadge, HeaderDropdown, headerDropdownStyles } from '../../ui/menu/HeaderDropdown';
import { useStore } from '../../ui/store';
import { formatTime } from '../../ui/time/formatTime';
import { setUnreadCount } from '../../ui/title/pageTitle';
import { bindMemberClient } from './delivery';
import { isPhone, openConversation, openSendIm } from './dialogs';
import styles from './ImHeader.module.css';
import { imStore, skipsReopen } from './imStore';
import { IM_PATHS } from './paths';
import { registerImHandlers } from './push';
import {
  conversationTitle,
  HEADER_MAX,
  type LocalConversation,
  plainText,
  previewKind,
  totalUnread,
} from './rules';

// The new-message form opens on a click only: its chunk stays out of every page's first load
// (first-load.e2e.test.ts, 150 KiB budget).
const NewImForm = lazy(() => import('./NewImForm').then((m) => ({ default: m.NewImForm })));

/** The list line of a conversation's last message: "Foto" / "Video" for media. */
export function usePreview() {
  const { t } = useI18n();
  return (conversation: LocalConversation): string => {
    const last = conversation.messages?.at(-1);
    switch (previewKind(last)) {
      case 'photo':
        return t('im.preview.photo');
      case 'video':
        return t('im.preview.video');
      case 'audio':
        return t('im.preview.audio');
      case 'gift':
        return t('im.preview.gift');
      case 'spin':
        return t('im.preview.spin');
      default:
        return plainText(last?.content ?? '');
    }
  };
}

/**
 * The header IM dropdown: the newest conversations (at most 11, then "see all"), their unread
 * badges and typing indicators. It also owns the messaging push handlers, the title count and
 * the reopening of saved windows, since it is mounted on every page while a member is logged in.
 */
export function ImHeader() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const uid = user?.uid;
  const { pathname } = useLocation();
  const list = useHeaderConversations(uid !== undefined).data;
  const im = useStore(imStore);
  const preview = usePreview();
  const [open, setOpen] = useState(false);
  // "New message": the dropdown shows a recipient picker instead of the list.
  const [composing, setComposing] = useState(false);
  const unread = totalUnread(list);

  useEffect(() => {
    bindMemberClient(queryClient);
    return () => bindMemberClient(undefined);
  }, [queryClient]);

  useEffect(
    () => registerImHandlers({ dispatcher: pushDispatcher, queryClient, store: imStore, me: () => uid }),
    [queryClient, uid],
  );

  useEffect(() => {
    setUnreadCount(unread);
  }, [unread]);
  // Logging out unmounts the slot: the count leaves the title and the windows close (and so are
  // not reopened for whoever logs in next in this tab).
  useEffect(
    () => () => {
      setUnreadCount(0);
      for (const view of imStore.getState().open)
        if (view.dialogKey !== undefined) dialogs.close(view.dialogKey);
    },
    [],
  );

  // Windows that were open before the page loaded come back, except on some pages.
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current) return;
    reopened.current = true;
    if (skipsReopen(pathname) || isPhone()) return;
    for (const ref of imStore.saved()) openConversation(ref);
  }, [pathname]);

  // Typing notices expire by themselves: re-render when the next one runs out.
  const [, tick] = useState(0);
  useEffect(() => {
    const ends = Object.values(im.typing).map((entry) => entry.until - Date.now());
    if (ends.length === 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(50, Math.min(...ends)));
    return () => clearTimeout(timer);
  }, [im.typing]);

  useEffect(() => {
    if (!open) setComposing(false);
  }, [open]);

  const shown = (list ?? []).slice(0, HEADER_MAX);
  return (
    <HeaderDropdown
      open={open}
      setOpen={setOpen}
      buttonLabel={
        unread > 0
          ? t('im.headerUnread', { count: unread })
          : im.newMail > 0
            ? t('offline.newMail', { count: im.newMail })
            : t('im.header')
      }
      panelLabel={t('im.header')}
      testId="im-button"
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v11.2L7.2 14H20V6H4Zm3 3h10v2H7V9Z"
            transform="translate(-1 0)"
          />
        </svg>
      }
      indicator={
        <>
          <HeaderBadge count={unread} testId="im-badge" />
          {unread === 0 && im.newMail > 0 && <span className={styles.dot} aria-hidden="true" />}
        </>
      }
      panelClassName={styles.panel}
    >
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
                  {c.lastActivity ? <span className={styles.time}>{formatTime(c.lastActivity)}</span> : null}
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
          {im.newMail > 0 && <span className={styles.count}>{badgeText(im.newMail)}</span>}
        </Link>
      </div>
    </HeaderDropdown>
  );
}
