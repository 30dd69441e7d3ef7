import { useQueryClient } from '@tanstack/react-query';
import { ConversationType, GiftSource, type User } from '@tertulia/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  conversationKey,
  getConversation,
  sendTypingEvent,
  useConversation,
  useConversationWith,
  useHeaderConversations,
} from '../../api/areas/messaging';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { useStore } from '../../ui/store';
import { EphemeralButton } from '../ephemeral/EphemeralButton';
import { giftDialog } from '../gifts/dialogs';
import { SpinTools } from '../rewards/SpinTools';
import { Composer } from './Composer';
import styles from './Conversation.module.css';
import { groupSettingsDialog, inviteDialog } from './dialogs';
import { canManageGroup } from './groupSettings';
import { type ConversationRef, imStore } from './imStore';
import { MessageLine } from './MessageLine';
import { IM_PATHS } from './paths';
import { markConversationRead } from './push';
import {
  icebreakerContent,
  icebreakerFor,
  type LocalConversation,
  type LocalMessage,
  mergeMessages,
} from './rules';
import { useSend } from './useSend';
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
}: Props) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
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
  const im = useStore(imStore);
  const focused = cid
    ? im.open.some((v) => v.conversationId === cid && v.dialogKey === viewKey && v.focused)
    : false;
  const typing = cid ? imStore.whoIsTyping(cid) : undefined;
  const list = useRef<HTMLOListElement>(null);
  const messages = conversation?.messages ?? [];
  const [loadingOlder, setLoadingOlder] = useState(false);

  // The page counts as "open" for the incoming-message rules while it is shown (windows register
  // themselves, minimized ones included).
  useEffect(() => {
    if (!cid || viewKey !== undefined || !registerAsPage) return;
    imStore.viewOpened({
      conversationId: cid,
      ownerId: initial?.ownerId,
      type: initial?.type,
      dialogKey: viewKey,
      focused: false,
    });
    return () => imStore.viewClosed({ conversationId: cid, dialogKey: viewKey });
  }, [cid, viewKey, registerAsPage, initial?.ownerId, initial?.type]);

  useEffect(() => {
    if (conversation) onConversation?.(conversation);
  }, [conversation, onConversation]);

  // Read on focus: the badge goes to zero and the server learns the read time.
  const headerItem = useHeaderConversations(!!me).data?.find((c) => c.conversationId === cid);
  const unread = Math.max(conversation?.unreadMessageCount ?? 0, headerItem?.unreadMessageCount ?? 0);
  const readRef = useRef(ref);
  readRef.current = ref;
  useEffect(() => {
    if (focused && readRef.current && unread > 0) void markConversationRead(queryClient, readRef.current);
  }, [focused, unread, queryClient]);

  // Keep the newest line in view.
  const count = messages.length;
  useEffect(() => {
    const element = list.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  // Focus inside the view (list or composer) makes it the focused conversation.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || !cid) return;
    const onIn = () => imStore.setFocused(cid, viewKey, true);
    const onOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) imStore.setFocused(cid, viewKey, false);
    };
    element.addEventListener('focusin', onIn);
    element.addEventListener('focusout', onOut);
    if (element.contains(document.activeElement)) onIn();
    return () => {
      element.removeEventListener('focusin', onIn);
      element.removeEventListener('focusout', onOut);
    };
  }, [cid, viewKey]);

  const submit = async (text: string, retryOf?: LocalMessage) => {
    const id = await send(text, { ref, targetId: target?.uid }, retryOf);
    if (id && !cid) setCreated(id);
  };

  const loadOlder = async () => {
    const first = messages.find((m) => m.id !== undefined)?.id;
    if (!cid || first === undefined) return;
    setLoadingOlder(true);
    try {
      const older = (await getConversation({
        conversationId: cid,
        beforeMessageId: first,
        maxMessages: 30,
      })) as LocalConversation;
      queryClient.setQueryData<LocalConversation>(conversationKey(cid), (c) =>
        c ? { ...c, messages: mergeMessages(older.messages, c.messages) } : c,
      );
    } finally {
      setLoadingOlder(false);
    }
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
        <div className={styles.toolbar}>
          {showPageLink && (
            <Link to={IM_PATHS.conversation(ref)} className={styles.toolLink}>
              {t('im.openPage')}
            </Link>
          )}
          {manage && (
            <button
              type="button"
              className={styles.toolLink}
              data-testid="im-group-settings"
              onClick={() => openDialog(groupSettingsDialog, { conversationId: ref.conversationId })}
            >
              {t('group.settings')}
            </button>
          )}
          {(conversation?.allowInvite !== false || manage) && (
            <button type="button" className={styles.toolLink} onClick={() => openDialog(inviteDialog, ref)}>
              {t('im.invite')}
            </button>
          )}
          {!group && partner && (
            <button
              type="button"
              className={styles.toolLink}
              data-testid="im-gift"
              onClick={() =>
                openDialog(giftDialog, {
                  userId: partner.uid,
                  userName: partner.name ?? '',
                  source: GiftSource.CONVERSATION,
                  conversationId: ref.conversationId,
                  ownerId: ref.ownerId,
                })
              }
            >
              🎁 {t('gifts.send')}
            </button>
          )}
          {!readOnly && (
            <SpinTools
              partner={!group ? partner : undefined}
              conversationId={ref.conversationId}
              ownerId={ref.ownerId}
              className={styles.toolLink}
            />
          )}
          <Link to={IM_PATHS.leave(ref)} className={styles.toolLink} data-testid="im-leave">
            {t('im.leave')}
          </Link>
        </div>
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
              onClick={() => void loadOlder()}
              disabled={loadingOlder}
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
            onRetry={(m) => void submit(m.content ?? '', m)}
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
          <Icebreaker name={target.firstName || target.name || ''} partnerId={target.uid} onSend={submit} />
        )}
      {manage && conversation?.isReadOnly && <p className={styles.notice}>{t('group.ownerWrites')}</p>}
      {readOnly ? (
        <p className={styles.notice}>{t('im.readOnly')}</p>
      ) : (
        <Composer
          autoFocus={autoFocus}
          disabled={!me || (!cid && !target)}
          onSend={(text) => void submit(text)}
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

/** A suggested first message for an empty IM, in the member's language; sent with its tag. */
function Icebreaker({
  name,
  partnerId,
  onSend,
}: {
  name: string;
  partnerId: number;
  onSend: (text: string) => Promise<void> | void;
}) {
  const { t } = useI18n();
  const text = t(icebreakerFor(partnerId), { name });
  return (
    <div className={styles.icebreaker} data-testid="im-icebreaker">
      <p>{t('im.icebreaker.label')}</p>
      <q>{text}</q>
      <button
        type="button"
        className={styles.icebreakerSend}
        onClick={() => void onSend(icebreakerContent(text))}
      >
        {t('im.icebreaker.send')}
      </button>
    </div>
  );
}
