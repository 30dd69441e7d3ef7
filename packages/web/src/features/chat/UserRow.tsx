import type { User } from '@tertulia/contract';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import styles from './Chat.module.css';
import './texts';

/**
 * A member in the room's people list or the private-message threads: avatar, name (and what
 * follows it), anything after, and the unread-private-message dot.
 */
export function UserRow({
  user,
  onClick,
  unread,
  afterName,
  children,
  testId,
}: {
  user: User;
  onClick: () => void;
  unread: boolean;
  afterName?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <li>
      <button type="button" className={styles.userRow} data-testid={testId} onClick={onClick}>
        <Avatar user={user} size={32} />
        <span className={styles.userName}>
          {user.name}
          {afterName}
        </span>
        {children}
        {unread && <span className={styles.dot} role="img" aria-label={t('chat.private.unreadFrom')} />}
      </button>
    </li>
  );
}
