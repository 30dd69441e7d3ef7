import type { Conversation, Message } from '@tertulia/contract';
import { type LocalConversation, type LocalMessage, mergeMessages } from '../../api/areas/localMessages';

/** The local message model lives with the messaging area's cache (api/); the rules use it. */
export {
  type LocalConversation,
  type LocalMessage,
  lastMessageId,
  mergeMessages,
} from '../../api/areas/localMessages';

import { hasGifLink } from '../../ui/gifPaste';

/** The header shows at most 11 conversations, then "see all". */
export const HEADER_MAX = 11;
/** Typing notices are sent at most this often while the member types. */
export const TYPING_THROTTLE_MS = 3000;
/** A typing indicator disappears this long after the last event. */
export const TYPING_SHOW_MS = 5000;

export { hasGifLink };

/**
 * What a conversation's last line reads as in lists: photo, video and giphy content shows as
 * "Foto" / "Video"; voice messages and gifts get their own words.
 */
export type PreviewKind = 'text' | 'photo' | 'video' | 'audio' | 'gift' | 'spin';
export function previewKind(message: Pick<Message, 'content' | 'gift' | 'spin'> | undefined): PreviewKind {
  const content = message?.content ?? '';
  if (message?.gift || /\[gift[\]=:]/i.test(content)) return 'gift';
  if (message?.spin || /\[spin\]/i.test(content)) return 'spin';
  if (/\[video[\]=:]/i.test(content) || /\[ephemeral\]video/i.test(content)) return 'video';
  if (/\[ephemeral\]photo/i.test(content)) return 'photo';
  if (/\[(?:img|image|photo|giphy)[\]=:]/i.test(content) || hasGifLink(content)) return 'photo';
  if (/\[audio[\]=:]/i.test(content)) return 'audio';
  return 'text';
}

/** A content tag, e.g. `[audio]https://…/v.webm[/audio]` or `[image=https://…]`. */
export interface ContentPart {
  type: 'text' | 'image' | 'audio' | 'video' | 'gift' | 'icebreaker' | 'ephemeral' | 'spin' | 'contest';
  value: string;
}
const TAG =
  /\[(img|image|photo|giphy|audio|video|gift|icebreaker|ephemeral|spin|contest)(?:[=:]([^\]]*))?\](?:([\s\S]*?)\[\/\1\])?/gi;
const KIND: Record<string, ContentPart['type']> = {
  img: 'image',
  image: 'image',
  photo: 'image',
  giphy: 'image',
  audio: 'audio',
  video: 'video',
  gift: 'gift',
  icebreaker: 'icebreaker',
  ephemeral: 'ephemeral',
  spin: 'spin',
  contest: 'contest',
};

export function contentParts(content: string): ContentPart[] {
  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of content.matchAll(TAG)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ type: 'text', value: content.slice(last, index) });
    parts.push({ type: KIND[match[1].toLowerCase()], value: (match[2] ?? match[3] ?? '').trim() });
    last = index + match[0].length;
  }
  if (last < content.length) parts.push({ type: 'text', value: content.slice(last) });
  return parts;
}

/** A text line for lists: tags such as [icebreaker] drop their brackets. */
export function plainText(content: string): string {
  return contentParts(content)
    .filter((part) => part.type === 'text' || part.type === 'icebreaker')
    .map((part) => part.value)
    .join('')
    .trim();
}

/** A line with a picture, as the server stores it: the text (if any), then the photo tag. */
export const withPhotoTag = (text: string, url: string) =>
  text.trim() ? `${text}\n[photo]${url}[/photo]` : `[photo]${url}[/photo]`;

/** Only http(s) and same-origin paths may become a media source. */
export function safeMediaUrl(value: string): string | undefined {
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : undefined;
}

/**
 * A conversation's lines once the server has answered a send: the answer's lines merged in. When
 * they don't hold the sent line (the answer carries only the newest, and a reply was stored
 * after it), its optimistic copy stays, as sent, until its push or the next fetch brings the
 * stored one.
 */
export function confirmSent(
  current: readonly LocalMessage[] = [],
  answer: readonly LocalMessage[] = [],
  clientMessageId: string,
): LocalMessage[] {
  return mergeMessages(current, answer).map((m) =>
    m.id === undefined && m.clientMessageId === clientMessageId ? { ...m, status: undefined } : m,
  );
}

/** The title shows the sum of the unread badges. */
export function totalUnread(conversations: readonly Pick<Conversation, 'unreadMessageCount'>[] = []): number {
  return conversations.reduce((sum, c) => sum + Math.max(0, c.unreadMessageCount ?? 0), 0);
}

export interface IncomingContext {
  /** A dialog (or the conversation page) shows this conversation. */
  open: boolean;
  /** ...and it has the keyboard focus in a focused window. */
  focused: boolean;
  /** The message is the member's own (sent from another tab). */
  own: boolean;
}

export interface IncomingPlan {
  /** The open view appends the message. */
  updateView: boolean;
  /** The unread badge goes up by one. */
  raiseBadge: boolean;
  /** The conversation is read up to now (setReadTimestamp). */
  markRead: boolean;
}

/**
 * If the conversation is open and focused, only its dialog updates; if open
 * but unfocused, a badge is also raised; closed conversations get a badge. (Whether it must be
 * fetched into the header list is `applyIncoming`'s answer.)
 */
export function planIncoming({ open, focused, own }: IncomingContext): IncomingPlan {
  if (own) return { updateView: open, raiseBadge: false, markRead: false };
  if (open && focused) return { updateView: true, raiseBadge: false, markRead: true };
  return { updateView: open, raiseBadge: true, markRead: false };
}

/**
 * The header list after an incoming message: the conversation moves to the top with its new
 * last line and, when told, one more unread. `undefined` when it is not in the list: the
 * caller fetches it (getConversation) and inserts it with `insertConversation`.
 */
export function applyIncoming(
  list: readonly LocalConversation[],
  conversationId: number,
  message: LocalMessage,
  raiseBadge: boolean,
): LocalConversation[] | undefined {
  const index = list.findIndex((c) => c.conversationId === conversationId);
  if (index < 0) return undefined;
  const item = list[index];
  if (item.messages?.some((m) => m.id !== undefined && m.id === message.id)) return [...list];
  const updated: LocalConversation = {
    ...item,
    messages: [message],
    lastActivity: Math.max(item.lastActivity ?? 0, message.sentTime ?? 0),
    unreadMessageCount: (item.unreadMessageCount ?? 0) + (raiseBadge ? 1 : 0),
  };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** Puts a fetched conversation at the top (once), keeping the list's length bound. */
export function insertConversation(
  list: readonly LocalConversation[],
  conversation: LocalConversation,
  max = HEADER_MAX + 1,
): LocalConversation[] {
  const rest = list.filter((c) => c.conversationId !== conversation.conversationId);
  const last = conversation.messages?.at(-1);
  return [{ ...conversation, messages: last ? [last] : [] }, ...rest].slice(0, max);
}

export function setUnread(
  list: readonly LocalConversation[],
  conversationId: number,
  unread: number,
): LocalConversation[] {
  return list.map((c) => (c.conversationId === conversationId ? { ...c, unreadMessageCount: unread } : c));
}

export function removeConversation(
  list: readonly LocalConversation[],
  conversationId: number,
): LocalConversation[] {
  return list.filter((c) => c.conversationId !== conversationId);
}

/** The other participants' names, for titles ("Mateo", "Mateo, Sofía"). */
export function conversationTitle(
  conversation: LocalConversation | undefined,
  myUid: number | undefined,
): string {
  if (!conversation) return '';
  if (conversation.name) return conversation.name;
  const named = (users: typeof conversation.users) =>
    (users ?? []).filter((u) => u.uid !== myUid).map((u) => u.firstName || u.name || '');
  // After the others left, their names still say who this was with.
  const others = named(conversation.users);
  return (others.length > 0 ? others : named(conversation.inactiveUsers)).join(', ');
}

/** A client id for idempotent retries: the same id is sent again on retry. */
export function newClientMessageId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The names of a "To" line: comma-separated, trimmed, each once (any case), blanks dropped. */
export function recipientNames(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}

/** The openers offered in an empty IM (catalog keys); one is picked per partner so it stays put. */
export const ICEBREAKERS = ['im.icebreaker.1', 'im.icebreaker.2', 'im.icebreaker.3'] as const;
export const icebreakerFor = (partnerId: number) => ICEBREAKERS[Math.abs(partnerId) % ICEBREAKERS.length];

/** A message sent from the suggested opener carries the icebreaker tag, as the server stores it. */
export const icebreakerContent = (text: string) => `[icebreaker]${text}[/icebreaker]`;
