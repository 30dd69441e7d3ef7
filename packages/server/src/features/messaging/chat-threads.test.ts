import { api, type ChatRoom, type Conversation, ConversationType } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp, member } from '../../../tests/_util';

// Private lines in rooms listed as conversations of type 3 (docs/member-fields.md).
describe.each(dialects)('chat private threads as conversations on $name', (dialect) => {
  const app = listeningApp(dialect);
  const threads = async (who: Awaited<ReturnType<typeof member>>, extra: Record<string, unknown> = {}) =>
    (await who.ok(api.messaging.getUserConversations, {
      type: ConversationType.CHAT,
      ...extra,
    })) as Conversation[];

  it('lists one conversation per room and partner, with counts; read and blocks hold', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    const c = await member(app.t.app);
    const name = `Sala ${Math.random().toString(36).slice(2, 8)}`;
    const [room] = (await a.ok(api.chat.createRoom, { name, roomType: 2 })) as ChatRoom[];
    const roomId = room.id as number;
    for (const who of [a, b, c]) await who.ok(api.chat.enterRoom, { roomId });
    await a.ok(api.chat.sendMessage, { roomId, message: 'hola a todos' });
    expect(await threads(b)).toEqual([]);

    await a.ok(api.chat.sendPrivateMessage, { roomId, userId: b.user.uid, message: 'hola' });
    await a.ok(api.chat.sendPrivateMessage, { roomId, userId: b.user.uid, message: '¿qué tal?' });
    await b.ok(api.chat.sendPrivateMessage, { roomId, userId: a.user.uid, message: 'bien' });
    const [seen] = await threads(b, { maxMessages: 5 });
    expect(seen).toMatchObject({
      conversationId: roomId,
      ownerId: a.user.uid,
      type: ConversationType.CHAT,
      name: room.displayName,
      messageCount: 3,
      unreadMessageCount: 2,
      isVIP: false,
    });
    expect(seen.messages?.map((m) => m.content)).toEqual(['hola', '¿qué tal?', 'bien']);
    expect(seen.users?.map((u) => u.uid).sort()).toEqual([a.user.uid, b.user.uid].sort());
    const [mine] = await threads(a);
    expect(mine).toMatchObject({ ownerId: b.user.uid, unreadMessageCount: 1 });
    expect(mine.messages?.map((m) => m.content)).toEqual(['bien']);
    expect(await threads(c)).toEqual([]);

    await b.ok(api.chat.getPrivateMessages, { roomId, markAsRead: true });
    expect((await threads(b))[0].unreadMessageCount).toBe(0);

    await b.ok(api.people.blockUser, { userId: a.user.uid });
    expect(await threads(b)).toEqual([]);
    expect(await threads(a)).toEqual([]);
  });
});
