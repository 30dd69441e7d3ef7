import type { User } from '@tertulia/contract';
import type { DragEvent, ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { PresenceLine } from '../../ui/member/Presence';
import { UserLink } from '../../ui/member/UserLink';
import styles from './Buddies.module.css';
import { Icon, type IconName } from './icons';
import type { Move } from './positions';
import './texts';

export interface PositionControls {
  pinned: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (how: Move) => void;
}

export interface DragControls {
  dragging: boolean;
  over: boolean;
  onDragStart: () => void;
  onDragEnter: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
}

function IconButton({
  icon,
  label,
  onClick,
  disabled,
  danger,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  // aria-disabled rather than disabled: a button that just moved its friend to the top keeps focus.
  return (
    <button
      type="button"
      className={styles.icon}
      aria-label={label}
      title={label}
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled || undefined}
      data-icon={icon}
      data-danger={danger || undefined}
    >
      <Icon name={icon} />
    </button>
  );
}

/** One friend: photo and name (with the hover card), presence, position, and what one may do. */
export function FriendRow({
  user,
  positions,
  drag,
  onRemove,
  meta,
  children,
}: {
  user: User;
  positions?: PositionControls;
  drag?: DragControls;
  onRemove?: () => void;
  /** A line under the presence (last seen...). */
  meta?: ReactNode;
  /** Further actions (add friend, invite back...). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const name = user.name ?? '';
  const position = user.buddyPosition ?? 0;
  const dragProps = drag && {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(user.uid));
      drag.onDragStart();
    },
    onDragEnter: drag.onDragEnter,
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDragEnd: drag.onDragEnd,
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      drag.onDrop();
    },
  };
  return (
    <div
      className={styles.row}
      data-testid="friend"
      data-uid={user.uid}
      data-dragging={drag?.dragging || undefined}
      data-drop={drag?.over || undefined}
      {...dragProps}
    >
      <UserLink user={user} className={styles.photo} aria-label={name}>
        <Avatar user={user} size={56} />
      </UserLink>
      <div className={styles.info}>
        <p className={styles.name}>
          <UserLink user={user} />
          {position > 0 && (
            <span className={styles.position} title={t('buddies.position', { n: position })}>
              <span aria-hidden="true">{`#${position}`}</span>
              <span className="visually-hidden">{t('buddies.position', { n: position })}</span>
            </span>
          )}
        </p>
        <PresenceLine user={user} />
        {meta}
      </div>
      <div className={styles.actions}>
        {positions &&
          (positions.pinned ? (
            <>
              <IconButton
                icon="up"
                label={t('buddies.moveUp', { name })}
                disabled={positions.first || positions.busy}
                onClick={() => positions.onMove('up')}
              />
              <IconButton
                icon="down"
                label={t('buddies.moveDown', { name })}
                disabled={positions.last || positions.busy}
                onClick={() => positions.onMove('down')}
              />
              <IconButton
                icon="unpin"
                label={t('buddies.unpin', { name })}
                disabled={positions.busy}
                onClick={() => positions.onMove('unpin')}
              />
            </>
          ) : (
            <IconButton
              icon="pin"
              label={t('buddies.pin', { name })}
              disabled={positions.busy}
              onClick={() => positions.onMove('pin')}
            />
          ))}
        {children}
        {onRemove && (
          <IconButton icon="remove" label={t('buddies.remove', { name })} onClick={onRemove} danger />
        )}
      </div>
    </div>
  );
}
