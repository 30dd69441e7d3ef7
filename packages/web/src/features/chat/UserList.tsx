import { useQuery } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useId, useState } from 'react';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import styles from './Chat.module.css';
import { c } from './queries';
import { type RoomRoles, roleOf } from './rules';
import { UserRow } from './UserRow';
import './texts';

/** Who is in the room, owner and moderators marked; a name search asks the server. */
export function UserList({
  roomId,
  users,
  roles,
  me,
  unreadFrom,
  onUser,
}: {
  roomId: number;
  users: readonly User[];
  roles: RoomRoles;
  me: number | undefined;
  unreadFrom: ReadonlySet<number>;
  onUser: (user: User) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [name, setName] = useState('');
  const query = name.trim();
  const found = useQuery({
    queryKey: [c.searchUsersInRoom.path, roomId, query],
    enabled: query.length > 0,
    queryFn: ({ signal }) => chatApi.searchUsersInRoom({ roomId, name: query.slice(0, 20) }, { signal }),
  });
  const rank = (u: User) => {
    const role = roleOf(roles, u.uid);
    return role === 'owner' ? 0 : role === 'moderator' ? 1 : 2;
  };
  const shown = (query ? (found.data ?? []) : [...users]).sort((a, b) => rank(a) - rank(b));
  return (
    <div className={styles.users}>
      <div className={styles.userSearch}>
        <label htmlFor={id} className={styles.visuallyHidden}>
          {t('chat.searchUsers')}
        </label>
        <input
          id={id}
          type="search"
          className={styles.searchInput}
          placeholder={t('chat.searchUsers')}
          value={name}
          maxLength={20}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      {query && found.isSuccess && !shown.length ? (
        <p className={styles.empty}>{t('chat.noUsersFound')}</p>
      ) : null}
      <ul className={styles.userRows} aria-label={t('chat.usersInRoom')}>
        {shown.map((user) => {
          const role = roleOf(roles, user.uid);
          return (
            <UserRow
              key={user.uid}
              user={user}
              onClick={() => onUser(user)}
              unread={unreadFrom.has(user.uid)}
              afterName={user.uid === me && <span className={styles.you}>{t('chat.you')}</span>}
              testId="chat-user"
            >
              {role && (
                <span className={styles.role} data-role={role}>
                  {t(`chat.role.${role}`)}
                </span>
              )}
            </UserRow>
          );
        })}
      </ul>
    </div>
  );
}
