import { useQueryClient } from '@tanstack/react-query';
import type { ChatEntry, User } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as chatApi from '../../api/areas/chat';
import { useSession } from '../../api/areas/user';
import { isApiError } from '../../api/errors';
import { useI18n } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { openDialog } from '../../ui/dialog/dialogStore';
import { RequireLogin } from '../../ui/RequireLogin';
import { useClockTime, useNow } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import { EphemeralButton } from '../ephemeral/EphemeralButton';
import styles from './Chat.module.css';
import { Composer } from './Composer';
import { memberDialog } from './dialogs';
import { PrivatePanel } from './PrivatePanel';
import {
  configKey,
  entriesKey,
  useBosses,
  useChatConfiguration,
  useEntries,
  useRoomUsers,
  useUnreadPrivate,
} from './queries';
import { PeopleIcon } from './RoomCard';
import { RoomMenu } from './RoomMenu';
import { gagIn, layoutOf, mergeEntries, rolesOf, roomTitle } from './rules';
import { Stream } from './Stream';
import { UserList } from './UserList';
import { useRoomSession } from './useRoomSession';
import './texts';
import '../rewards/texts';
import '../webpush/texts';

function RoomPage({ roomId }: { roomId: number }) {
  const { t } = useI18n();
  const clock = useClockTime();
  const now = useNow();
  const { user } = useSession();
  const me = user?.uid;
  const _navigate = useNavigate();
  const queryClient = useQueryClient();
  const { room, setRoom, notices, unreadFrom, setOpenThread, exit } = useRoomSession(roomId, me);
  const inside = !!room;
  const entries = useEntries(roomId, inside);
  const users = useRoomUsers(roomId, inside);
  const bosses = useBosses(roomId, inside);
  const config = useChatConfiguration();
  const unread = useUnreadPrivate(roomId, inside);
  const [side, setSide] = useState(false);
  const [privateOpen, setPrivateOpen] = useState(false);
  const [pmWith, setPmWith] = useState<User>();
  usePageTitle(room ? roomTitle(room) : t('chat.title'));

  useEffect(() => setOpenThread(privateOpen ? pmWith?.uid : undefined), [privateOpen, pmWith, setOpenThread]);

  // A gag ends by itself: the box opens again when it expires. A room's gag holds here only.
  const gag = gagIn(room, config.data?.chatGagExpiration, now);
  const gagUntil = gag.until;
  useEffect(() => {
    const left = gagUntil - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => {
      setRoom((r) => (r ? { ...r, gagExpiration: 0 } : r));
      void queryClient.invalidateQueries({ queryKey: configKey });
    }, left + 500);
    return () => clearTimeout(timer);
  }, [gagUntil, queryClient, setRoom]);

  if (!room || !me) return <p className={styles.empty}>{t('chat.entering')}</p>;

  const roles = rolesOf(room, bosses.data ?? []);
  const layout = layoutOf(config.data?.layoutStyle);
  const collapse = !!config.data?.collapseImages;
  const gagged =
    gagUntil > now
      ? t(gag.roomOnly ? 'chat.gaggedRoomUntil' : 'chat.gaggedUntil', { time: clock(gagUntil) })
      : undefined;
  const people = users.data ?? [];
  const unreadCount = unread.data ?? 0;

  const openPrivate = (who?: User) => {
    setPmWith(who);
    setPrivateOpen(true);
    setSide(false);
  };
  const openMember = (who: User) =>
    openDialog(memberDialog, {
      room,
      user: who,
      me,
      isAdmin: !!user?.isAdmin,
      roles,
      onPrivate: (u: User) => openPrivate(u),
    });
  const onUserId = (uid: number) => {
    const who = people.find((u) => u.uid === uid);
    if (who) openMember(who);
  };
  const send = async (message: string) => {
    try {
      const fresh = await chatApi.sendMessage({ roomId, message });
      queryClient.setQueryData<ChatEntry[]>(entriesKey(roomId), (held) => mergeEntries(held, fresh));
    } catch (error) {
      // Refused as gagged: the room or the settings learn the gag's end, and the box says until when.
      if (isApiError(error, 'ApiForbiddenException')) {
        const roomGag = (error.details as { gagExpiration?: number }).gagExpiration;
        if (roomGag) setRoom((r) => (r ? { ...r, gagExpiration: roomGag } : r));
        else void queryClient.invalidateQueries({ queryKey: configKey });
      }
      throw error;
    }
  };
  return (
    <div className={styles.room} data-testid="chat-room-page" data-room={room.id}>
      <header className={styles.roomBar}>
        <Link to={CHAT_PATHS.list} className={styles.iconButton} aria-label={t('chat.backToRooms')}>
          <span aria-hidden="true">‹</span>
        </Link>
        <div className={styles.roomHeading}>
          <h1 className={styles.roomTitle}>{roomTitle(room)}</h1>
          <p className={styles.roomSub}>
            {room.categoryName}
            {room.categoryName ? ' · ' : ''}
            {t('chat.usersCount', { count: people.length || room.usersCount || 0 })}
          </p>
        </div>
        <button
          type="button"
          className={styles.barButton}
          data-testid="chat-private-button"
          aria-pressed={privateOpen}
          onClick={() => (privateOpen ? setPrivateOpen(false) : openPrivate(pmWith))}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v11.2L7.2 14H20V6H4Z"
            />
          </svg>
          <span className={styles.barLabel}>{t('chat.private.button')}</span>
          {unreadCount > 0 && (
            <span className={styles.badgeCount} data-testid="chat-private-unread">
              <span aria-hidden="true">{unreadCount}</span>
              <span className={styles.visuallyHidden}>
                {t('chat.private.unread', { count: unreadCount })}
              </span>
            </span>
          )}
        </button>
        <button
          type="button"
          className={`${styles.barButton} ${styles.peopleToggle}`}
          aria-pressed={side}
          onClick={() => setSide((open) => !open)}
        >
          <PeopleIcon />
          <span className={styles.barLabel}>{t('chat.people')}</span>
        </button>
        <RoomMenu room={room} roomId={roomId} exit={exit} />
      </header>
      <div className={styles.roomBody}>
        <section className={styles.main} aria-label={t('chat.stream')}>
          <Stream
            entries={entries.data ?? []}
            notices={notices}
            me={me}
            layout={layout}
            collapse={collapse}
            onUser={onUserId}
          />
          <Composer
            label={t('chat.placeholder')}
            onSend={send}
            disabledReason={gagged}
            extra={
              <EphemeralButton where={{ conversationId: roomId, type: 3 }} me={user} gaggedUntil={gagUntil} />
            }
          />
        </section>
        <aside className={styles.side} data-open={side || undefined} aria-label={t('chat.people')}>
          <div className={styles.sideHead}>
            <h2>{t('chat.usersInRoomCount', { count: people.length })}</h2>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.sideClose}`}
              onClick={() => setSide(false)}
              aria-label={t('dialog.close')}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <UserList
            roomId={roomId}
            users={people}
            roles={roles}
            me={me}
            unreadFrom={unreadFrom}
            onUser={openMember}
          />
        </aside>
        {privateOpen && (
          <PrivatePanel
            roomId={roomId}
            me={me}
            withUser={pmWith}
            onWith={setPmWith}
            unreadFrom={unreadFrom}
            onClose={() => setPrivateOpen(false)}
          />
        )}
      </div>
    </div>
  );
}

function Page() {
  const { roomId } = useParams();
  const id = Number(roomId);
  const { t } = useI18n();
  if (!Number.isInteger(id) || id <= 0) return <p className={styles.empty}>{t('chat.notFound')}</p>;
  return <RoomPage key={id} roomId={id} />;
}

export function Component() {
  return (
    <RequireLogin>
      <Page />
    </RequireLogin>
  );
}
