import type { ChatRoom } from '@tertulia/contract';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import styles from './Chat.module.css';
import { useBosses } from './queries';
import { roleOf, rolesOf } from './rules';
import './texts';

/** The chat-boss dialog: the room's owner and its moderators. */
export default function BossesDialog({ dialog, room }: DialogComponentProps<{ room: ChatRoom }>) {
  const { t } = useI18n();
  const { data, isPending } = useBosses(room.id);
  const roles = rolesOf(room, data ?? []);
  return (
    <DialogFrame title={t('chat.bosses.title')} dialog={dialog}>
      {isPending ? (
        <p>{t('app.loading')}</p>
      ) : !data?.length ? (
        <p>{t('chat.bosses.none')}</p>
      ) : (
        <ul className={styles.plainList} data-testid="chat-bosses">
          {data.map((user) => {
            const role = roleOf(roles, user.uid);
            return (
              <li key={user.uid} className={styles.plainRow}>
                <Avatar user={user} size={40} />
                <UserLink user={user} />
                {role && (
                  <span className={styles.role} data-role={role}>
                    {t(`chat.role.${role}`)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </DialogFrame>
  );
}
