import { describe, expect, it } from 'vitest';
import { ClientCache } from '../../ui/cache/clientCache';
import { formatTitle, setUnreadCount } from '../../ui/title/pageTitle';
import { blockGifPaste } from './Composer';
import { ImStore, SAVED_TTL_MS, skipsReopen } from './imStore';
import {
  applyIncoming,
  confirmSent,
  contentParts,
  hasGifLink,
  insertConversation,
  type LocalConversation,
  lastMessageId,
  mergeMessages,
  plainText,
  planIncoming,
  previewKind,
  removeConversation,
  safeMediaUrl,
  totalUnread,
} from './rules';

const ana = { uid: 7, name: 'ana' };
const me = { uid: 1, name: 'yo' };
const msg = (id: number | undefined, content: string, sender = ana, sentTime = id ?? 999) => ({
  id,
  content,
  sender,
  sentTime,
});

describe('incoming message rules', () => {
  it('open and focused: only the view updates, no badge, read at once', () => {
    expect(planIncoming({ open: true, focused: true, own: false })).toEqual({
      updateView: true,
      raiseBadge: false,
      markRead: true,
    });
  });
  it('open but unfocused: the view updates and the badge goes up', () => {
    expect(planIncoming({ open: true, focused: false, own: false })).toEqual({
      updateView: true,
      raiseBadge: true,
      markRead: false,
    });
  });
  it('closed: a badge only; the member’s own lines never raise one', () => {
    expect(planIncoming({ open: false, focused: false, own: false }).raiseBadge).toBe(true);
    expect(planIncoming({ open: false, focused: false, own: false }).updateView).toBe(false);
    expect(planIncoming({ open: true, focused: false, own: true }).raiseBadge).toBe(false);
  });

  const list: LocalConversation[] = [
    { conversationId: 1, unreadMessageCount: 0, messages: [msg(1, 'a')] },
    { conversationId: 2, unreadMessageCount: 2, messages: [msg(2, 'b')] },
  ];
  it('a listed conversation moves to the top with its new line and one more unread', () => {
    const next = applyIncoming(list, 2, msg(3, 'c'), true);
    expect(next?.map((c) => c.conversationId)).toEqual([2, 1]);
    expect(next?.[0].unreadMessageCount).toBe(3);
    expect(next?.[0].messages?.[0].content).toBe('c');
    expect(applyIncoming(list, 2, msg(3, 'c'), false)?.[0].unreadMessageCount).toBe(2);
  });
  it('the same pushed message twice counts once', () => {
    const once = applyIncoming(list, 2, msg(3, 'c'), true) ?? [];
    expect(applyIncoming(once, 2, msg(3, 'c'), true)?.[0].unreadMessageCount).toBe(3);
  });
  it('a conversation not in the list asks to be fetched, then is inserted at the top once', () => {
    expect(applyIncoming(list, 9, msg(4, 'd'), true)).toBeUndefined();
    const inserted = insertConversation(list, {
      conversationId: 9,
      unreadMessageCount: 1,
      messages: [msg(3, 'x'), msg(4, 'd')],
    });
    expect(inserted.map((c) => c.conversationId)).toEqual([9, 1, 2]);
    expect(inserted[0].messages).toHaveLength(1);
    expect(
      insertConversation(inserted, { conversationId: 9 }).filter((c) => c.conversationId === 9),
    ).toHaveLength(1);
  });
  it('leaving removes the item and with it its badge', () => {
    expect(totalUnread(removeConversation(list, 2))).toBe(0);
  });
});

describe('merging messages without duplicates', () => {
  /** An optimistic line, not yet stored. */
  const sending = {
    content: 'hola',
    sender: me,
    sentTime: 10,
    clientMessageId: 'c1',
    status: 'sending' as const,
  };
  it('one line per id, in time order, whatever arrives twice', () => {
    const merged = mergeMessages([msg(1, 'a'), msg(3, 'c')], [msg(2, 'b'), msg(3, 'c'), msg(1, 'a')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });
  it('catch-up after a reconnect continues from the newest id held', () => {
    const held = [msg(4, 'd'), msg(2, 'b')];
    expect(lastMessageId(held)).toBe(4);
    expect(lastMessageId([])).toBeUndefined();
    const caughtUp = mergeMessages(held, [msg(5, 'e'), msg(6, 'f')]);
    expect(caughtUp.map((m) => m.id)).toEqual([2, 4, 5, 6]);
  });
  it('an optimistic line gives way to the server’s copy; a failed one stays at the bottom', () => {
    const failed = {
      content: 'otro',
      sender: me,
      sentTime: 11,
      clientMessageId: 'c2',
      status: 'failed' as const,
    };
    const merged = mergeMessages([msg(1, 'a'), sending, failed], [msg(2, 'hola', me, 12)]);
    expect(merged.map((m) => m.id ?? m.clientMessageId)).toEqual([1, 2, 'c2']);
  });
  it('a send’s answer confirms its line, or leaves it as sent when the answer holds only a later reply', () => {
    const stored = { ...msg(2, 'hola', me, 12), clientMessageId: 'c1' };
    // Its push came first: the answer's copy is the same line, once.
    expect(confirmSent([msg(1, 'a'), stored], [stored], 'c1').map((m) => m.id)).toEqual([1, 2]);
    // The answer holds it: the optimistic line gives way.
    const answered = confirmSent([msg(1, 'a'), sending], [stored], 'c1');
    expect(answered.map((m) => [m.id, m.status])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
    // A reply was stored after it and the answer's one line is the reply: the line stays, sent.
    const reply = msg(3, 'qué tal', ana, 13);
    const later = confirmSent([msg(1, 'a'), sending], [reply], 'c1');
    expect(later.map((m) => [m.id ?? m.clientMessageId, m.status])).toEqual([
      [1, undefined],
      [3, undefined],
      ['c1', undefined],
    ]);
    // ...until its push brings the stored copy.
    expect(mergeMessages(later, [stored]).map((m) => m.id)).toEqual([1, 2, 3]);
  });
});

describe('gif links are refused on paste', () => {
  it('recognises giphy and tenor links', () => {
    expect(hasGifLink('mira https://giphy.com/gifs/abc')).toBe(true);
    expect(hasGifLink('https://media.giphy.com/media/x/giphy.gif')).toBe(true);
    expect(hasGifLink('tenor.com/view/cat-123')).toBe(true);
    expect(hasGifLink('https://gph.is/abc')).toBe(true);
    expect(hasGifLink('hola, ¿qué tal?')).toBe(false);
    expect(hasGifLink('notgiphy.community')).toBe(false);
    expect(hasGifLink('https://example.com/tenor')).toBe(false);
  });
  it('the paste handler stops such text and lets other text through', () => {
    let prevented = 0;
    const paste = (text: string) => ({
      clipboardData: { getData: () => text } as unknown as DataTransfer,
      preventDefault: () => {
        prevented++;
      },
    });
    expect(blockGifPaste(paste('https://tenor.com/view/x'))).toBe(true);
    expect(blockGifPaste(paste('buenas tardes'))).toBe(false);
    expect(prevented).toBe(1);
  });
});

describe('previews and content', () => {
  it('photo, video and giphy content read as Foto / Video', () => {
    expect(previewKind({ content: '[image]https://x/y.jpg[/image]' })).toBe('photo');
    expect(previewKind({ content: 'https://giphy.com/gifs/x' })).toBe('photo');
    expect(previewKind({ content: '[video]https://x/y.mp4[/video]' })).toBe('video');
    expect(previewKind({ content: '[audio]/media/v.webm[/audio]' })).toBe('audio');
    expect(previewKind({ content: 'hola **tú**' })).toBe('text');
    expect(previewKind({ content: '[giphy]https://media.giphy.com/x.gif[/giphy]' })).toBe('photo');
    expect(plainText('[icebreaker]¿Ruta favorita?[/icebreaker]')).toBe('¿Ruta favorita?');
  });
  it('splits tags from text and only lets http(s) or local media through', () => {
    expect(contentParts('hola [audio]/m/a.webm[/audio] fin')).toEqual([
      { type: 'text', value: 'hola ' },
      { type: 'audio', value: '/m/a.webm' },
      { type: 'text', value: ' fin' },
    ]);
    expect(safeMediaUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeMediaUrl('//evil.example/x')).toBeUndefined();
    expect(safeMediaUrl('https://cdn/x.jpg')).toBe('https://cdn/x.jpg');
  });
});

describe('title count', () => {
  it('sums the badges and shows them in parentheses', () => {
    const unread = totalUnread([
      { unreadMessageCount: 2 },
      { unreadMessageCount: 0 },
      { unreadMessageCount: 3 },
    ]);
    expect(unread).toBe(5);
    expect(formatTitle('Inicio', unread)).toBe('(5) Inicio · Tertulia');
    expect(formatTitle('Inicio', 0)).toBe('Inicio · Tertulia');
    setUnreadCount(0);
  });
});

function memoryStorage(): Storage {
  const saved = new Map<string, string>();
  return {
    getItem: (k: string) => saved.get(k) ?? null,
    setItem: (k: string, v: string) => void saved.set(k, v),
    removeItem: (k: string) => void saved.delete(k),
  } as Storage;
}

describe('open windows', () => {
  it('are remembered for the next page and forgotten when closed', () => {
    const storage = memoryStorage();
    const cache = new ClientCache(storage, undefined);
    const store = new ImStore(cache);
    store.viewOpened({ conversationId: 5, ownerId: 1, type: 1, dialogKey: 3, focused: false });
    store.viewOpened({ conversationId: 6, dialogKey: undefined, focused: true });
    expect(new ImStore(cache).saved()).toEqual([{ conversationId: 5, ownerId: 1, type: 1 }]);
    expect(JSON.parse(storage.getItem('tertulia.cache.im.current') ?? '').value).toEqual({
      conversations: [{ conversationId: 5, ownerId: 1, type: 1 }],
    });
    expect(store.isOpen(6)).toBe(true);
    expect(store.isFocused(6)).toBe(true);
    store.prune(new Set());
    expect(store.isOpen(5)).toBe(false);
    expect(new ImStore(cache).saved()).toEqual([]);
  });
  it('a conversation left is forgotten, and a day-old entry does not come back', () => {
    let now = 1_000;
    const cache = new ClientCache(memoryStorage(), undefined, () => now);
    const store = new ImStore(cache);
    store.viewOpened({ conversationId: 5, dialogKey: 3, focused: false });
    store.viewOpened({ conversationId: 6, dialogKey: 4, focused: false });
    store.forget(5);
    expect(new ImStore(cache).saved()).toEqual([{ conversationId: 6 }]);
    now += SAVED_TTL_MS;
    expect(new ImStore(cache).saved()).toEqual([]);
  });
  it('do not reopen on the gold, admin and message-view pages', () => {
    expect(skipsReopen('/html/gold/vip.jsp')).toBe(true);
    expect(skipsReopen('/html/admin/tools.jsp')).toBe(true);
    expect(skipsReopen('/html/online/message-view.jsp')).toBe(true);
    expect(skipsReopen('/html/index.jsp')).toBe(false);
  });
});

describe('icebreaker', () => {
  it('offers one opener per partner and sends it with the icebreaker tag', async () => {
    const { icebreakerContent, icebreakerFor, ICEBREAKERS } = await import('./rules');
    expect(icebreakerFor(7)).toBe(icebreakerFor(7));
    expect(new Set([1, 2, 3].map(icebreakerFor)).size).toBe(ICEBREAKERS.length);
    const content = icebreakerContent('¡Hola, Ana!');
    expect(content).toBe('[icebreaker]¡Hola, Ana![/icebreaker]');
    expect(contentParts(content)).toEqual([
      expect.objectContaining({ type: 'icebreaker', value: '¡Hola, Ana!' }),
    ]);
    expect(plainText(content)).toBe('¡Hola, Ana!');
  });
});
