import { api, type Conversation, type Message } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp } from '../../../tests/_util';
import { listen, openPush, type PushSocket } from '../../../tests/flows/_push';
import { defaultLimits } from '../../config';

type Member = Awaited<ReturnType<typeof member>>;
const PER_MINUTE = 8;

/**
 * Issue 38 item 6: what a block means inside a group conversation (docs/security.md, "Blocks in
 * group conversations"), and the per-minute limit on lines into an existing conversation.
 */
describe.each(dialects)('blocks and limits in conversations on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let baseUrl = '';
  beforeAll(async () => {
    t = await testApp(dialect, { limits: { ...defaultLimits, messagesPerMinute: PER_MINUTE } });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());

  const send = async (from: Member, params: Record<string, unknown>) =>
    ((await from.ok(api.messaging.send, params)) as Conversation[])[0];
  const conversation = async (who: Member, conversationId: number) =>
    ((await who.ok(api.messaging.getConversation, { conversationId, maxMessages: 50 })) as Conversation[])[0];
  const socketOf = async (who: Member) => {
    const socket = await openPush(baseUrl, { cookie: who.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    return socket;
  };
  /** The message lines that reach a socket until a marker published after them. */
  const linesAt = async (socket: PushSocket, uid: number) => {
    await t.deps.hub.publish([uid], { type: 'streetWarsJournal', text: 'marca', url: '/' });
    const lines: string[] = [];
    for (;;) {
      const frame = await socket.next();
      if (frame.type === 'streetWarsJournal') return lines;
      if (frame.type === 'message') lines.push(String((frame.message as Message).content));
    }
  };

  it('after a block in a group, neither member gets the other’s lines or profile', async () => {
    const [ana, bea, cris] = [await member(t.app), await member(t.app), await member(t.app)];
    await ana.ok(api.people.updateProfile, { about: 'perfil-de-ana-4c1e' });
    const group = await send(ana, { targetIds: [bea.user.uid, cris.user.uid], message: 'hola a todos' });
    const id = group.conversationId as number;
    await send(bea, { conversationId: id, message: 'antes del bloqueo' });
    await ana.ok(api.people.blockUser, { userId: bea.user.uid });
    const [beaSocket, anaSocket] = [await socketOf(bea), await socketOf(ana)];

    await send(ana, { conversationId: id, message: 'de ana tras el bloqueo' });
    await send(bea, { conversationId: id, message: 'de bea tras el bloqueo' });
    await send(cris, { conversationId: id, message: 'de cris' });

    // Pushes: each hears the third member, never the other.
    expect(await linesAt(beaSocket, bea.user.uid)).toEqual(['de bea tras el bloqueo', 'de cris']);
    expect(await linesAt(anaSocket, ana.user.uid)).toEqual(['de ana tras el bloqueo', 'de cris']);
    await Promise.all([beaSocket.close(), anaSocket.close()]);

    // Reads: the lines either way are gone for the other, the third member sees everything.
    const seenByBea = await conversation(bea, id);
    expect(seenByBea.messages?.map((m) => m.content)).toEqual([
      'antes del bloqueo',
      'de bea tras el bloqueo',
      'de cris',
    ]);
    const seenByAna = await conversation(ana, id);
    expect(seenByAna.messages?.map((m) => m.content)).toEqual([
      'hola a todos',
      'de ana tras el bloqueo',
      'de cris',
    ]);
    expect((await conversation(cris, id)).messages).toHaveLength(5);
    // Both stay members; across the block each shows the other only a name.
    const anaForBea = seenByBea.users?.find((u) => u.uid === ana.user.uid);
    expect(anaForBea).toEqual({ uid: ana.user.uid, name: ana.user.name, isBlocked: false });
    expect(JSON.stringify(seenByBea)).not.toContain('perfil-de-ana-4c1e');
    expect(seenByAna.users?.find((u) => u.uid === bea.user.uid)).toEqual({
      uid: bea.user.uid,
      name: bea.user.name,
      isBlocked: true,
    });
    // No unread badge for lines one cannot read.
    const unread = (await bea.ok(api.messaging.getUnreadMessages, {})) as Message[];
    expect(unread.map((m) => m.content)).not.toContain('de ana tras el bloqueo');
    const listed = (await bea.ok(api.messaging.getUserConversations, { includeUGC: true })) as Conversation[];
    expect(listed.find((c) => c.conversationId === id)?.unreadMessageCount).toBe(1);
  });

  it('limits lines into an existing conversation per minute, with the rate-limit error', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    const group = await send(ana, { targetIds: [bea.user.uid], message: '0' });
    const statuses: number[] = [];
    let refused: { status: number; body: Record<string, unknown> } | undefined;
    for (let i = 1; i <= PER_MINUTE + 2; i++) {
      const res = await ana.call(api.messaging.send, {
        conversationId: group.conversationId,
        message: `${i}`,
      });
      statuses.push(res.status);
      if (res.status !== 200) refused ??= res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_MINUTE - 1);
    expect(refused?.status).toBe(429);
    expect(refused?.body.message).toBe('Demasiados intentos. Espera unos minutos y vuelve a intentarlo.');
    expect(refused?.body.ApiRateLimitException).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    const stored = await conversation(bea, group.conversationId as number);
    expect(stored.messages).toHaveLength(PER_MINUTE);
  });
});
