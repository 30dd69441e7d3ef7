import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatModerationEntry, ChatRoom } from '@tertulia/contract';
import { useState } from 'react';
import * as chatApi from '../../api/areas/chat';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { TimeAgo } from '../../ui/time/clock';
import { toast } from '../../ui/toast/toastStore';
import styles from './Chat.module.css';
import { c } from './queries';
import { blocksInForce } from './rules';
import './texts';

const ACTIONS: Record<string, MessageKey> = {
  kick: 'chat.log.kick',
  block: 'chat.log.block',
  unblock: 'chat.log.unblock',
  gag: 'chat.log.gag',
  addModerator: 'chat.log.addModerator',
  removeModerator: 'chat.log.removeModerator',
};

/** What the owner and moderators did in the room, newest first; a block still in force can be lifted. */
export default function ModerationLogDialog({ dialog, room }: DialogComponentProps<{ room: ChatRoom }>) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = [c.getModerationLog.path, room.id];
  const { data, isPending, isError } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => chatApi.getModerationLog({ roomId: room.id }, { signal }),
  });
  const unblockable = blocksInForce(data ?? []);
  const unblock = async (entry: ChatModerationEntry) => {
    if (!entry.target) return;
    setBusy(true);
    try {
      await chatApi.unblockUser({ userId: entry.target.uid, roomId: room.id });
      toast.success(t('chat.unblocked', { name: entry.target.name ?? '' }));
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame title={t('chat.log.title')} dialog={dialog}>
      {isPending ? (
        <p>{t('app.loading')}</p>
      ) : isError ? (
        <p>{t('error.default')}</p>
      ) : !data.length ? (
        <p>{t('chat.log.empty')}</p>
      ) : (
        <ul className={styles.plainList} data-testid="chat-log">
          {data.map((entry) => (
            <li key={entry.id} className={styles.logRow}>
              <span className={styles.logText}>
                {t(ACTIONS[entry.action] ?? 'chat.log.other', {
                  actor: entry.actor?.name ?? '?',
                  target: entry.target?.name ?? '?',
                })}
                {entry.until !== undefined && (
                  <span className={styles.time}>
                    {t('chat.log.until', {
                      time: new Intl.DateTimeFormat(locale, {
                        dateStyle: 'short',
                        timeStyle: 'short',
                      }).format(entry.until),
                    })}
                  </span>
                )}
                <time className={styles.time}>
                  <TimeAgo at={entry.timestamp} />
                </time>
              </span>
              {unblockable.has(entry.id) && (
                <Button variant="secondary" disabled={busy} onClick={() => unblock(entry)}>
                  {t('chat.unblock')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </DialogFrame>
  );
}
