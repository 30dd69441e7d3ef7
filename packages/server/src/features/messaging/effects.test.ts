import { api, type Conversation, ConversationType, type Message } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp, testRedisUrl } from '../../../tests/_util';
import { listen, openPush, type PushSocket } from '../../../tests/flows/_push';
import type { Bus } from '../../push/bus';
import { imKey } from './conversation-store';

type Member = Awaited<ReturnType<typeof member>>;

/**
 * The push bus wrapped so that its publish rejects while `down` is set, as Redis unreachable
 * over the network would (a connection refused or reset). A test double because that failure
 * can't be caused safely here: stopping the shared Redis would break every other test running
 * against it, and the app must keep its own connection to come back. Everything else (Redis
 * when TEST_REDIS_URL is set, the hub, the sockets) is the real thing.
 */
function flakyBus() {
  const state = { down: false };
  const wrap = (bus: Bus): Bus => ({
    ...bus,
    publish: (message) => (state.down ? Promise.reject(new Error('bus unreachable')) : bus.publish(message)),
  });
  return { state, wrap };
}

describe.each(dialects)('messaging effects on $name', (dialect) => {
  const flaky = flakyBus();
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await testApp(dialect, testRedisUrl ? { redisUrl: testRedisUrl } : {}, { wrapBus: flaky.wrap });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());

  const send = async (from: Member, params: Record<string, unknown>) =>
    ((await from.ok(api.messaging.send, params)) as Conversation[])[0];
  const socketOf = async (who: Member) => {
    const socket = await openPush(baseUrl, { cookie: who.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    return socket;
  };
  const nextMessage = async (socket: PushSocket) => {
    const frame = await socket.next(10_000);
    expect(frame.type).toBe('message');
    return frame.message as Message;
  };
  const count = async (table: 'conversations' | 'conversation_members' | 'messages') => {
    const row = await t.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('answers a send while the bus is down, stores it, and pushes it once the bus is back', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const socket = await socketOf(b);
    flaky.state.down = true;
    try {
      const res = await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'sin bus' });
      expect(res.status).toBe(200);
      const [conversation] = res.body[api.messaging.send.result.name] as Conversation[];
      expect(conversation.messages!.map((m) => m.content)).toEqual(['sin bus']);
      await t.deps.effects.settled();
      expect(t.deps.effects.pending()).toBeGreaterThan(0);
      // Stored: the recipient finds it by reading, bus or no bus.
      const [read] = (await b.ok(api.messaging.getConversation, {
        conversationId: conversation.conversationId,
      })) as Conversation[];
      expect(read.messages!.map((m) => m.content)).toEqual(['sin bus']);
    } finally {
      flaky.state.down = false;
    }
    const pushed = await nextMessage(socket);
    expect(pushed).toMatchObject({ content: 'sin bus', sender: { uid: a.user.uid } });
    await socket.close();
  });

  it('stores a retried send once and pushes it again, also when the first push was lost', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const socket = await socketOf(b);
    const first = await send(a, { targetIds: [b.user.uid], message: 'hola', clientMessageId: 'r-1' });
    const firstPush = await nextMessage(socket);
    const retry = await send(a, { targetIds: [b.user.uid], message: 'hola', clientMessageId: 'r-1' });
    expect(retry.conversationId).toBe(first.conversationId);
    expect(retry.messageCount).toBe(1);
    const again = await nextMessage(socket);
    expect(again).toMatchObject({ id: firstPush.id, content: 'hola', clientMessageId: 'r-1' });

    // The client retries because it never heard back: the push of the first try was lost too.
    flaky.state.down = true;
    try {
      await send(a, { conversationId: first.conversationId, message: 'otra', clientMessageId: 'r-2' });
      await t.deps.effects.settled();
    } finally {
      flaky.state.down = false;
    }
    const resent = await send(a, {
      conversationId: first.conversationId,
      message: 'otra',
      clientMessageId: 'r-2',
    });
    expect(resent.messageCount).toBe(2);
    const lost = await nextMessage(socket);
    const redelivered = await nextMessage(socket);
    expect(lost).toMatchObject({ content: 'otra', clientMessageId: 'r-2' });
    expect(redelivered.id).toBe(lost.id);
    await socket.close();
  });

  it('leaves no conversation behind when its first message fails to store', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const c = await member(t.app);
    const earlier = await send(a, { targetIds: [c.user.uid], message: 'primero', clientMessageId: 'dup' });
    const before = await Promise.all([
      count('conversations'),
      count('conversation_members'),
      count('messages'),
    ]);
    // The same client id again, but starting conversations that don't exist yet (an IM with b, a
    // group): the message insert breaks the unique key after the conversation insert, and the
    // conversation goes with it. The send is the retry it looks like: the earlier line's conversation.
    const im = await send(a, { targetIds: [b.user.uid], message: 'primero', clientMessageId: 'dup' });
    const group = await send(a, {
      targetIds: [b.user.uid, c.user.uid],
      type: ConversationType.UGC_GROUP,
      message: 'primero',
      clientMessageId: 'dup',
    });
    expect(im.conversationId).toBe(earlier.conversationId);
    expect(group.conversationId).toBe(earlier.conversationId);
    expect(
      await Promise.all([count('conversations'), count('conversation_members'), count('messages')]),
    ).toEqual(before);
    expect(await a.ok(api.messaging.searchConversation, { targetId: b.user.uid })).toEqual([]);
  });

  it('makes one IM of two first sends between the same pair at once', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await member(t.app);
      const b = await member(t.app);
      const answers = await Promise.all([
        a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'hola b' }),
        b.call(api.messaging.send, { targetIds: [a.user.uid], message: 'hola a' }),
        a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'otra vez' }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      const ids = answers.map(
        (r) => (r.body[api.messaging.send.result.name] as Conversation[])[0].conversationId,
      );
      expect(new Set(ids).size).toBe(1);
      const ims = await t.deps.db
        .selectFrom('conversations')
        .select(['id', 'message_count'])
        .where('im_key', '=', imKey(a.user.uid, b.user.uid))
        .execute();
      expect(ims).toEqual([{ id: ids[0], message_count: 3 }]);
      const [seen] = (await b.ok(api.messaging.getConversation, {
        conversationId: ids[0],
      })) as Conversation[];
      expect(seen.messages!.map((m) => m.content).sort()).toEqual(['hola a', 'hola b', 'otra vez']);
      expect(seen.userCount).toBe(2);
    }
  });
});
