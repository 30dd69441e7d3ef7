import { type ChatRoom, RoomType } from '@tertulia/contract';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import styles from './Chat.module.css';
import { roomTitle } from './rules';
import './texts';

const TYPE_KEYS = {
  [RoomType.PROFILE_ROOM]: 'chat.type.1',
  [RoomType.USER_PUBLIC]: 'chat.type.2',
  [RoomType.PRIVATE]: 'chat.type.3',
  [RoomType.INVITE_ONLY]: 'chat.type.4',
  [RoomType.GAME_CHAT]: 'chat.type.5',
} as const;

export function PeopleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
      <path
        fill="currentColor"
        d="M9 12a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0 2c3.3 0 7 1.6 7 4v2H2v-2c0-2.4 3.7-4 7-4Zm7.5-2.1a3.5 3.5 0 0 0 0-6.8 4.9 4.9 0 0 1 0 6.8Zm1.6 2.4c2 .5 3.9 1.6 3.9 3.2V20h-3.9v-2.5c0-1.3-.6-2.4-1.6-3.2h1.6Z"
      />
    </svg>
  );
}

/** One room in a list: its name, kind, and how many are in it now. */
export function RoomCard({ room, showLocale }: { room: ChatRoom; showLocale?: boolean }) {
  const { t } = useI18n();
  const type = room.roomType as keyof typeof TYPE_KEYS;
  const count = room.usersCount ?? 0;
  const full = room.maxUsers !== undefined && count >= room.maxUsers;
  return (
    <li className={styles.roomCard} data-testid="chat-room">
      <Link to={CHAT_PATHS.room(room.id)} className={styles.roomLink}>
        <span
          className={styles.roomInitial}
          aria-hidden="true"
          style={{ '--hue': (room.id * 47) % 360 } as CSSProperties}
        >
          {roomTitle(room).slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.roomText}>
          <span className={styles.roomName}>{roomTitle(room)}</span>
          <span className={styles.roomMeta}>
            {TYPE_KEYS[type] ? <span className={styles.badge}>{t(TYPE_KEYS[type])}</span> : null}
            {room.isOwner ? <span className={styles.badge}>{t('chat.role.owner')}</span> : null}
            {showLocale && room.locale ? (
              <span className={styles.locale}>{room.locale.toUpperCase()}</span>
            ) : null}
          </span>
        </span>
        {/* A private room seen from outside has no count (the server keeps it to those inside). */}
        {room.usersCount !== undefined && (
          <span className={styles.count} data-live={count > 0 || undefined} data-full={full || undefined}>
            <PeopleIcon />
            <span aria-hidden="true">{count}</span>
            <span className={styles.visuallyHidden}>{t('chat.usersCount', { count })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
