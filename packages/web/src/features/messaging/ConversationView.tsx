import { ConversationType, type User } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { sendTypingEvent, useConversation, useConversationWith } from '../../api/areas/messaging';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { EphemeralButton } from '../ephemeral/EphemeralButton';
import type { AttachedPhoto } from '../photos/dialogs';
import { Composer } from './Composer';
import styles from './Conversation.module.css';
import { ConversationToolbar } from './ConversationToolbar';
import { canManageGroup } from './groupSettings';
import { Icebreaker } from './Icebreaker';
import { type ConversationRef, imStore } from './imStore';
import { MessageLine } from './MessageLine';
import type { LocalConversation, LocalMessage } from './rules';
import { useSend } from './useSend';
import { useOlderMessages, useViewPresence } from './useViewPresence';
import { VoiceRecorder } from './VoiceRecorder';
import './texts';

interface Props {
  /** The conversation, or none yet when writing to `target` for the first time. */
  initial?: ConversationRef;
  target?: Pick<User, 'uid' | 'name'> & Partial<User>;
  /** The dialog's key; undefined on the conversation page. */
  viewKey?: number;
  autoFocus?: boolean;
  /** Called once the conversation is known (found, or created by the first send). */
  onConversation?: (conversation: LocalConversation) => void;
  /** Whether the page shows the links to the conversation page (not on the page itself). */
  showPageLink?: boolean;
  /** The conversation page registers itself as an open view. */
  registerAsPage?: boolean;
  /** The page header's place for the tools' "more" menu on a phone (ConversationToolbar). */
  menuIn?: HTMLElement | null;
}

/** A conversation's messages, typing indicator and composer: the IM window and the page share it. */
export function ConversationView({
  initial,
  target,
  viewKey,
  autoFocus,
  onConversation,
  showPageLink,
  registerAsPage,
  menuIn,
}: Props) {
  const { t } = useI18n();
  const { user: me } = useSession();
  const existing = useConversationWith(initial?.conversationId ? undefined : target?.uid);
  const [created, setCreated] = useState<number>();
  const cid = initial?.conversationId || existing.data?.conversationId || created;
  const { data: conversation, isError } = useConversation(cid);
  const ref: ConversationRef | undefined = cid
    ? {
        conversationId: cid,
        ownerId: conversation?.ownerId ?? initial?.ownerId,
        type: conversation?.type ?? initial?.type,
      }
    : undefined;
  const send = useSend(me);
  const messages = conversation?.messages ?? [];
  const typing = cid ? imStore.whoIsTyping(cid) : undefined;
  const { root, list } = useViewPresence({
    cid,
    ref,
    initial,
    viewKey,
    registerAsPage,
    conversation,
    count: messages.length,
  });
  const older = useOlderMessages(cid, messages);

  useEffect(() => {
    if (conversation) onConversation?.(conversation);
  }, [conversation, onConversation]);

  const submit = async (text: string, retryOf?: LocalMessage, photo?: AttachedPhoto) => {
    const id = await send(text, { ref, targetId: target?.uid }, retryOf, photo);
    if (id && !cid) setCreated(id);
  };

  const group =
    (conversation?.type ?? ConversationType.IM) !== ConversationType.IM ||
    (conversation?.users?.length ?? 0) > 2;
  // The owner of a read-only group still writes; the others read.
  const manage = canManageGroup(conversation, me?.uid);
  const readOnly = !!conversation?.isReadOnly && !manage;
  // The other member of an IM: a gift from the toolbar goes to them, into this conversation.
  const partner = conversation?.users?.find((u) => u.uid !== me?.uid);
  const hasMore = (conversation?.messageCount ?? 0) > messages.filter((m) => m.id !== undefined).length;

  return (
    <div className={styles.view} ref={root} data-testid="im-view" data-cid={cid}>
      {ref && (
        <ConversationToolbar
          where={ref}
          conversation={conversation}
          partner={!group ? partner : undefined}
          manage={manage}
          readOnly={readOnly}
          showPageLink={showPageLink}
          menuIn={menuIn}
        />
      )}
      {/* tabIndex: the scrolling list is reachable (and scrollable) from the keyboard. */}
      <ol
        className={styles.messages}
        ref={list}
        aria-label={t('im.messages')}
        aria-live="polite"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
        tabIndex={0}
      >
        {hasMore && (
          <li className={styles.older}>
            <button
              type="button"
              className={styles.toolLink}
              onClick={() => void older.load()}
              disabled={older.loading}
            >
              {t('im.older')}
            </button>
          </li>
        )}
        {isError && <li className={styles.notice}>{t('im.loadFailed')}</li>}
        {cid && !conversation && !isError && <li className={styles.notice}>{t('app.loading')}</li>}
        {!cid && target && !existing.isPending && (
          <li className={styles.notice}>
            {t('im.firstMessage', { name: target.firstName || target.name || '' })}
          </li>
        )}
        {messages.map((message) => (
          <MessageLine
            key={message.id ?? message.clientMessageId}
            message={message}
            own={message.sender?.uid === me?.uid}
            showSender={group}
            onRetry={(m) => void submit(m.outgoing?.text ?? m.content ?? '', m)}
          />
        ))}
      </ol>
      <p className={styles.typing} aria-live="polite" data-testid="im-typing">
        {typing ? t('im.typing', { name: typing }) : ''}
      </p>
      {target &&
        !group &&
        !readOnly &&
        messages.length === 0 &&
        !existing.isPending &&
        (!cid || conversation) && (
          <Icebreaker
            name={target.firstName || target.name || ''}
            partnerId={target.uid}
            onSend={(text) => submit(text)}
          />
        )}
      {manage && conversation?.isReadOnly && <p className={styles.notice}>{t('group.ownerWrites')}</p>}
      {readOnly ? (
        <p className={styles.notice}>{t('im.readOnly')}</p>
      ) : (
        <Composer
          autoFocus={autoFocus}
          disabled={!me || (!cid && !target)}
          attach
          onSend={(text, photo) => void submit(text, undefined, photo)}
          onTyping={
            cid
              ? () =>
                  void sendTypingEvent({
                    conversationId: cid,
                    ownerId: ref?.ownerId,
                  }).catch(() => undefined)
              : undefined
          }
          extra={
            ref ? (
              <>
                <EphemeralButton
                  where={{ conversationId: ref.conversationId, ownerId: ref.ownerId }}
                  me={me}
                />
                <VoiceRecorder conversation={ref} />
              </>
            ) : null
          }
        />
      )}
    </div>
  );
}
