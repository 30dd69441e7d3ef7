import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useHeaderConversations } from '../../api/areas/messaging';
import { useSession } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { dialogs } from '../../ui/dialog/dialogStore';
import { HeaderBadge, HeaderDropdown, headerDropdownStyles } from '../../ui/menu/HeaderDropdown';
import { useStore } from '../../ui/store';
import { setUnreadCount } from '../../ui/title/pageTitle';
import { bindMemberClient } from './delivery';
import { isPhone, openConversation } from './dialogs';
import styles from './ImHeader.module.css';
import { imStore, skipsReopen } from './imStore';
import { registerImHandlers } from './push';
import { totalUnread } from './rules';

// The list and "new message" load when the dropdown first opens: the button, its badge and the
// handlers below are all every page needs (first-load.e2e.test.ts, 150 KiB budget).
const ImPanel = lazy(() => import('./ImPanel'));

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
      <Suspense fallback={<p className={headerDropdownStyles.empty}>{t('app.loading')}</p>}>
        <ImPanel
          list={list}
          uid={uid}
          newMail={im.newMail}
          setOpen={setOpen}
          composing={composing}
          setComposing={setComposing}
        />
      </Suspense>
    </HeaderDropdown>
  );
}
