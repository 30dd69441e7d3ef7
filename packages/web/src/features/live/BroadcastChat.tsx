import { useQueryClient } from '@tanstack/react-query';
import type { ChatEntry, ChatRoom, User } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import * as chatApi from '../../api/areas/chat';
import { useSession } from '../../api/areas/user';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { Composer } from '../chat/Composer';
import { memberDialog } from '../chat/dialogs';
import { entriesKey, useBosses, useChatConfiguration, useEntries, useRoomUsers } from '../chat/queries';
import { layoutOf, mergeEntries, rolesOf } from '../chat/rules';
import { Stream } from '../chat/Stream';
import styles from './Live.module.css';
import '../chat/texts';
import './texts';

/**
 * The broadcast's own chat room beside the video (docs/live.md): the chat feature's stream and
 * composer on the room the broadcast names. Entering and leaving follow the page; the room's rules
 * (blocks, gags, kicks) are the server's, and its moderators (the streamer, admins) act from a
 * member's name as in any room. Closed when the broadcast ends.
 */
export function BroadcastChat({ roomId, ended }: { roomId: number; ended: boolean }) {
  const { t } = useI18n();
  const { user } = useSession();
  const me = user?.uid;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [room, setRoom] = useState<ChatRoom>();
  const [refused, setRefused] = useState('');
  const inside = !!room && !ended;
  const entries = useEntries(roomId, inside);
  const users = useRoomUsers(roomId, inside);
  const bosses = useBosses(roomId, inside);
  const config = useChatConfiguration();

  useEffect(() => {
    if (ended) return;
    let cancelled = false;
    const enter = () =>
      chatApi.enterRoom({ roomId }).then(
        (entered) => !cancelled && setRoom(entered),
        (error) => !cancelled && setRefused(errorText(error)),
      );
    void enter();
    const off = [
      pushDispatcher.on('chatEntry', (e) => {
        if (e.roomId !== roomId) return;
        queryClient.setQueryData<ChatEntry[]>(entriesKey(roomId), (held) => mergeEntries(held, [e.entry]));
      }),
      // A socket down long enough dropped the member from the room: enter again.
      pushDispatcher.on('hello', () => void enter()),
    ];
    return () => {
      cancelled = true;
      for (const unsubscribe of off) unsubscribe();
      void chatApi.leaveRoom({ roomId }).catch(() => undefined);
    };
  }, [roomId, ended, queryClient]);

  const send = async (message: string) => {
    const fresh = await chatApi.sendMessage({ roomId, message });
    queryClient.setQueryData<ChatEntry[]>(entriesKey(roomId), (held) => mergeEntries(held, fresh));
  };
  const openMember = (uid: number) => {
    const who = users.data?.find((u) => u.uid === uid);
    if (!room || !me || !who) return;
    openDialog(memberDialog, {
      room,
      user: who,
      me,
      isAdmin: !!user?.isAdmin,
      roles: rolesOf(room, bosses.data ?? []),
      onPrivate: (_u: User) => navigate(CHAT_PATHS.room(roomId)),
    });
  };

  return (
    <section className={styles.chat} aria-label={t('live.watch.chat')} data-testid="live-chat">
      <h2 className={styles.chatTitle}>{t('live.watch.chat')}</h2>
      {ended ? (
        <p className={styles.chatNote}>{t('live.watch.chatEnded')}</p>
      ) : refused ? (
        <p className={styles.chatNote} role="alert">
          {refused}
        </p>
      ) : (
        <>
          <Stream
            entries={entries.data ?? []}
            notices={[]}
            me={me}
            layout={layoutOf(config.data?.layoutStyle)}
            collapse={!!config.data?.collapseImages}
            onUser={openMember}
          />
          <Composer label={t('chat.placeholder')} onSend={send} />
        </>
      )}
    </section>
  );
}
