import { type Conversation, ConversationType, type Message } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { fileOf, imageSaver, oneOrNone, photoAttacher, pictureOf } from '../../media/attach';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import type { PeopleUseCases } from '../people/use-cases';
import { type ConversationAccess, MAX_GROUP, type Named } from './access';
import { withPhoto } from './content';
import { type ConversationRow, type ConversationStore, imKey } from './conversation-store';
import type { MessageRow, MessageStore } from './message-store';
import { messageEvent, type Present, toMessage } from './present';

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate/i.test(String((error as { message?: string })?.message ?? error));

/**
 * Where a send goes: a conversation that exists, or one to create in the same transaction as
 * its first message (so a failed message never leaves an empty conversation behind). `imKey`
 * names the IM a concurrent first send may have created meanwhile.
 */
type Destination =
  | { conversation: ConversationRow }
  | { create: (trx: Kysely<Database>, now: number) => Promise<ConversationRow>; imKey?: string };

type Stored = { fresh: boolean; message: MessageRow; conversation: ConversationRow };

/** Sending: a line into a conversation, starting it when the send names members instead. */
export function sending(
  deps: Pick<Deps, 'db' | 'effects' | 'config' | 'unitOfWork'>,
  people: PeopleUseCases,
  access: ConversationAccess,
  conversations: ConversationStore,
  messages: MessageStore,
  present: Present,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const attach = photoAttacher(deps.db, media);
  const save = imageSaver(media);

  /**
   * The line's content with its picture: the album photo copied or the upload stored under a key
   * of the message's own (media/attach.ts). A retry of a stored client id reuses the stored line,
   * so it copies nothing again.
   */
  async function contentOf(
    sender: UserRow,
    text: string,
    file: ReturnType<typeof fileOf>,
    photoId: number | undefined,
    clientId: string | undefined,
  ): Promise<string> {
    if (!file && !photoId) return text;
    const earlier = clientId ? await messages.byClientId(sender.id, clientId) : undefined;
    if (earlier) return earlier.content;
    const key = await pictureOf(attach, save, sender, file, photoId);
    return key ? withPhoto(text, key) : text;
  }
  /** Finds the conversation a send without conversationId goes to, or says how to create it. */
  async function destination(
    sender: UserRow,
    p: { type?: number; targetIds?: number[]; targetNames?: string[]; name?: string },
  ): Promise<Destination> {
    if (p.type === ConversationType.CHAT) throw invalid('type', 'message.chatElsewhere');
    const targets = (await access.targetsOf(p)).filter((id) => id !== sender.id || p.targetIds?.length === 1);
    if (targets.length === 0) throw invalid('targetIds', 'message.noTargets');
    if (targets.length + 1 > MAX_GROUP) throw invalid('targetIds', 'validation.tooLarge');
    for (const id of targets) await access.checkTarget(sender, id);
    if (targets.length === 1 && p.type !== ConversationType.UGC_GROUP) {
      const key = imKey(sender.id, targets[0]);
      const existing = await conversations.imByKey(key);
      if (existing) return { conversation: existing };
      const members = [sender.id, targets[0]];
      return {
        imKey: key,
        create: (trx, now) =>
          conversations.createConversation(trx, {
            type: ConversationType.IM,
            owner: sender.id,
            imKey: key,
            members,
            now,
          }),
      };
    }
    const name = p.name?.trim() || undefined;
    const members = [sender.id, ...targets];
    return {
      create: (trx, now) =>
        conversations.createConversation(trx, {
          type: ConversationType.UGC_GROUP,
          owner: sender.id,
          name,
          members,
          now,
        }),
    };
  }

  /**
   * A resend of a stored client id stores nothing, but its `message` push goes out again: the
   * client retried because it never heard back, and the first push may have been lost with it.
   * Answers the conversation the earlier message lives in, if the sender is still in it.
   */
  async function deliverAgain(sender: UserRow, earlier: MessageRow): Promise<ConversationRow | undefined> {
    const [conversation, recipients, cut] = await Promise.all([
      conversations.conversation(earlier.conversation_id),
      conversations.activeMemberIds(earlier.conversation_id),
      access.cutOff(sender.id),
    ]);
    if (!conversation) return undefined;
    const event = messageEvent(conversation, earlier, sender);
    deps.effects.publish(
      recipients.filter((id) => id !== sender.id && !cut.has(id)),
      event,
    );
    if (!recipients.includes(sender.id)) return undefined;
    deps.effects.publish([sender.id], event);
    return conversation;
  }

  /**
   * Stores a message (and the conversation it starts, in the same transaction) and delivers it
   * to every active participant's sockets after commit (effects/unit-of-work.ts): the others'
   * first (with every other message of its group commit, db/group-commit.ts), then the sender's
   * own (their other tabs). The partners' latency is what members feel; the
   * sender's client shows the line at once.
   */
  async function storeMessage(
    sender: UserRow,
    to: Destination,
    content: string,
    clientId: string | undefined,
    rejoin: boolean,
    extra?: Partial<Message>,
  ): Promise<Stored> {
    // Members with a block either way with the sender get no push of the line (a group keeps both).
    // An IM with a block takes no lines at all (access.writable), and a new conversation's
    // members were checked one by one: only an existing group needs the look-up.
    const group = 'conversation' in to && to.conversation.type !== ConversationType.IM;
    const cut = group ? await access.cutOff(sender.id) : new Set<number>();
    const values = {
      sender_id: sender.id,
      content,
      bg_color: sender.im_bg_color ?? null,
      fg_color: sender.im_color ?? null,
      client_id: clientId ?? null,
      created_at: Date.now(),
    };
    try {
      const stored = await deps.unitOfWork.grouped(async (trx, after) => {
        const conversation = 'conversation' in to ? to.conversation : await to.create(trx, values.created_at);
        const s = await messages.insertMessage(trx, conversation, values, rejoin);
        const event = messageEvent(s.conversation, s.message, sender, extra);
        after.publish(
          s.recipients.filter((id) => id !== sender.id && !cut.has(id)),
          event,
        );
        if (s.recipients.includes(sender.id)) after.publish([sender.id], event);
        return s;
      });
      return { fresh: true, message: stored.message, conversation: stored.conversation };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const earlier = clientId ? await messages.byClientId(sender.id, clientId) : undefined;
      if (earlier) {
        const conversation =
          (await deliverAgain(sender, earlier)) ??
          ('conversation' in to ? await conversations.conversation(to.conversation.id) : undefined);
        if (!conversation) throw notFound('message.notFound');
        return { fresh: false, message: earlier, conversation };
      }
      // Both members started the IM at once and the other's insert won: the line goes there.
      const winner = 'imKey' in to && to.imKey ? await conversations.imByKey(to.imKey) : undefined;
      if (!winner) throw error;
      return storeMessage(sender, { conversation: winner }, content, clientId, rejoin, extra);
    }
  }

  return {
    async send(
      sender: UserRow,
      p: {
        message?: string;
        photo?: unknown;
        photoId?: number;
        conversationId?: number;
        ownerId?: number;
        type?: number;
        targetIds?: number[];
        targetNames?: string[];
        name?: string;
        maxMessages?: number;
        clientMessageId?: string;
      },
      /** What the line carries that its tag only names (a spin: features/rewards), for the push. */
      extra?: Partial<Message>,
    ): Promise<Conversation> {
      people.requireVerified(sender);
      const maxMessages = p.maxMessages ?? 20;
      const text = p.message ?? '';
      const file = fileOf(p.photo, 'photo');
      oneOrNone(file, p.photoId);
      // A picture may go alone; otherwise the line needs words.
      if (!text.trim() && !file && !p.photoId) throw invalid('message', 'validation.required');
      // A member who left an IM comes back when they start it again.
      const rejoin = p.conversationId === undefined;
      let to: Destination;
      if (p.conversationId !== undefined) {
        to = { conversation: await access.writable(sender, p as Named) };
      } else {
        to = await destination(sender, p);
        await access.limitSends(sender);
      }
      // Every check above passed before the picture is stored: a refused send leaves no file.
      const content = await contentOf(sender, text, file, p.photoId, p.clientMessageId);
      const stored = await storeMessage(sender, to, content, p.clientMessageId, rejoin, extra);
      return (await present(sender, [stored.conversation], { maxMessages }))[0];
    },

    /** Stores a message with prepared content (voice) and delivers it; the caller checked access. */
    async sendContent(sender: UserRow, conversation: ConversationRow, content: string): Promise<Message> {
      const { message } = await storeMessage(sender, { conversation }, content, undefined, false);
      const [user] = await people.present(sender, [sender]);
      return toMessage(message, user);
    },

    /** Checks a line could go where `p` says, without sending (a gift is paid only if it can arrive). */
    async checkSend(
      sender: UserRow,
      p: { conversationId?: number; ownerId?: number; type?: number; targetIds?: number[] },
    ): Promise<void> {
      people.requireVerified(sender);
      if (p.conversationId !== undefined) await access.writable(sender, p as Named);
      else for (const id of p.targetIds ?? []) await access.checkTarget(sender, id);
    },

    /** Checks before a send into an existing conversation (voice messages share them). */
    async writable(sender: UserRow, named: Named): Promise<ConversationRow> {
      people.requireVerified(sender);
      return access.writable(sender, named);
    },
  };
}
