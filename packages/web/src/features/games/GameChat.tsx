import { useQueryClient } from '@tanstack/react-query';
import type { ChatEntry } from '@tertulia/contract';
import * as chatApi from '../../api/areas/chat';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Composer } from '../chat/Composer';
import { entriesKey, useChatConfiguration, useEntries } from '../chat/queries';
import { layoutOf, mergeEntries } from '../chat/rules';
import { Stream } from '../chat/Stream';
import { useRoomSession } from '../chat/useRoomSession';
import styles from './Games.module.css';
import '../chat/texts';
import './texts';

/** The game's own chat room (room type 5), beside the frame: the chat feature's stream and composer. */
export function GameChat({ roomId }: { roomId: number }) {
  const { t } = useI18n();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { room, notices } = useRoomSession(roomId, user?.uid);
  const entries = useEntries(roomId, !!room);
  const config = useChatConfiguration();
  const send = async (message: string) => {
    const fresh = await chatApi.sendMessage({ roomId, message });
    queryClient.setQueryData<ChatEntry[]>(entriesKey(roomId), (held) => mergeEntries(held, fresh));
  };
  return (
    <section className={styles.chat} aria-label={t('games.chat')} data-testid="game-chat">
      <h2 className={styles.chatHead}>{t('games.chat')}</h2>
      {room ? (
        <>
          <Stream
            entries={entries.data ?? []}
            notices={notices}
            me={user?.uid}
            layout={layoutOf(config.data?.layoutStyle)}
            collapse={!!config.data?.collapseImages}
            onUser={() => undefined}
          />
          <Composer label={t('chat.placeholder')} onSend={send} testId="game-chat-input" />
        </>
      ) : (
        <p className={styles.empty}>{t('chat.entering')}</p>
      )}
    </section>
  );
}
