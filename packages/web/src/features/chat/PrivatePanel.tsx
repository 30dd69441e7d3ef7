import { useQueryClient } from '@tanstack/react-query';
import type { ChatEntry, User } from '@tertulia/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { RichText } from '../../ui/markup/RichText';
import styles from './Chat.module.css';
import { Composer } from './Composer';
import { privateKey, unreadKey, usePrivateMessages } from './queries';
import { entryColors, entryKey, mergeEntries, threads, threadWith } from './rules';
import { UserRow } from './UserRow';
import './texts';

/**
 * Private messages inside the room: the members one talks with (new ones marked), and one
 * thread with its own box. Opening a thread reads it on the server.
 */
export function PrivatePanel({
  roomId,
  me,
  withUser,
  onWith,
  unreadFrom,
  onClose,
}: {
  roomId: number;
  me: number;
  withUser: User | undefined;
  onWith: (user: User | undefined) => void;
  unreadFrom: ReadonlySet<number>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { data = [] } = usePrivateMessages(roomId, true);
  const box = useRef<HTMLOListElement>(null);
  const thread = withUser ? threadWith(data, me, withUser.uid) : [];
  const incoming = thread.filter((e) => e.user?.uid !== me).length;

  // Reading the open thread (again when a line arrives in it) zeroes the room's unread count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new incoming line must be read too
  useEffect(() => {
    if (!withUser) return;
    let live = true;
    chatApi
      .getPrivateMessages({ roomId, maxNumberMessages: 200, markAsRead: true })
      .then((fresh) => {
        if (!live) return;
        queryClient.setQueryData<ChatEntry[]>(privateKey(roomId), (held) => mergeEntries(held, fresh, 500));
        void queryClient.invalidateQueries({ queryKey: unreadKey(roomId) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [withUser, incoming, roomId, queryClient]);

  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  });

  const send = async (message: string) => {
    if (!withUser) return;
    const entries = await chatApi.sendPrivateMessage({ roomId, userId: withUser.uid, message });
    queryClient.setQueryData<ChatEntry[]>(privateKey(roomId), (held) => mergeEntries(held, entries, 500));
  };

  return (
    <section className={styles.panel} aria-label={t('chat.private.title')} data-testid="chat-private">
      <header className={styles.panelHead}>
        {withUser && (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => onWith(undefined)}
            aria-label={t('chat.private.back')}
          >
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <h2 className={styles.panelTitle}>
          {withUser ? t('chat.private.with', { name: withUser.name ?? '' }) : t('chat.private.title')}
        </h2>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t('dialog.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {withUser ? (
        <>
          <ol
            ref={box}
            className={styles.pmLines}
            aria-label={t('chat.private.with', { name: withUser.name ?? '' })}
          >
            {!thread.length && <li className={styles.streamEmpty}>{t('chat.private.empty')}</li>}
            {thread.map((e) => (
              <li
                key={entryKey(e)}
                className={styles.pmLine}
                data-own={e.user?.uid === me || undefined}
                data-testid="chat-private-line"
              >
                <span className={styles.pmBubble} style={entryColors(e.color, e.bgColor)}>
                  <RichText text={e.message ?? ''} />
                </span>
              </li>
            ))}
          </ol>
          <Composer
            key={withUser.uid}
            label={t('chat.private.placeholder', { name: withUser.name ?? '' })}
            onSend={send}
            testId="chat-private-input"
            autoFocus
          />
        </>
      ) : (
        <ul className={styles.userRows}>
          {!data.length && <li className={styles.streamEmpty}>{t('chat.private.none')}</li>}
          {threads(data, me).map(({ user, last }) => (
            <UserRow
              key={user.uid}
              user={user}
              onClick={() => onWith(user)}
              unread={unreadFrom.has(user.uid)}
              afterName={<span className={styles.preview}>{last.message}</span>}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
