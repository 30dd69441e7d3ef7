import {
  api,
  type ChatEntry,
  type ChatRoom,
  type Conversation,
  type Message,
  SPIN_GIFT_PRICE,
  SPIN_WHEEL,
  type Spin,
} from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp, uniqueId } from '../../../tests/_util';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('spins shown in rooms and conversations on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const room = async (owner: Member) =>
    ((await owner.ok(api.chat.createRoom, { name: `Sala ${uniqueId()}`, roomType: 2 })) as ChatRoom[])[0];
  const lines = async (who: Member, roomId: number) =>
    (await who.ok(api.chat.getMessages, { roomId })) as ChatEntry[];
  const conversationOf = async (a: Member, b: Member) =>
    ((await a.ok(api.messaging.send, { message: 'hola', targetIds: [b.user.uid] })) as Conversation[])[0];

  it('a spin spun in a room shows there with its prize (ChatEntry.spin); only from inside the room', async () => {
    const [owner, m, outsider] = [await member(t.app), await member(t.app), await member(t.app)];
    const r = await room(owner);
    const refused = await outsider.call(api.rewards.spin, { roomId: r.id });
    expect(refused.status).toBe(403);
    // Refused before the wheel turned: today's spin is still there.
    expect(((await outsider.ok(api.rewards.getSpin)) as { available: boolean }[])[0].available).toBe(true);

    await m.ok(api.chat.enterRoom, { roomId: r.id });
    const [spun] = (await m.ok(api.rewards.spin, { roomId: r.id })) as Spin[];
    const line = (await lines(owner, r.id)).find((l) => l.spin);
    expect(line?.user?.uid).toBe(m.user.uid);
    expect(line?.spin).toMatchObject({ id: spun.id, prizeSlot: spun.prizeSlot });
    expect(line?.spin?.prize?.value).toBe(SPIN_WHEEL[spun.prizeSlot!].amount);

    // Typing someone else's spin tag shows plain text, not their prize.
    await owner.ok(api.chat.enterRoom, { roomId: r.id });
    await owner.ok(api.chat.sendMessage, { roomId: r.id, message: `[spin]${spun.id}[/spin]` });
    expect((await lines(owner, r.id)).filter((l) => l.spin)).toHaveLength(1);
    const both = await m.call(api.rewards.spin, { roomId: r.id, conversationId: 1 });
    expect(both.status).toBe(400);
  });

  it('a spin spun in a conversation is a message carrying the spin and its prize (Message.spin, Message.prize)', async () => {
    const [a, b, c] = [await member(t.app), await member(t.app), await member(t.app)];
    const conversation = await conversationOf(a, b);
    const notMine = await c.call(api.rewards.spin, {
      conversationId: conversation.conversationId,
      ownerId: conversation.ownerId,
    });
    expect(notMine.status).toBeGreaterThanOrEqual(403);
    const [spun] = (await a.ok(api.rewards.spin, {
      conversationId: conversation.conversationId,
      ownerId: conversation.ownerId,
    })) as Spin[];
    // The unread call attaches the spin as the conversation call does (it once sent the bare tag).
    const unread = (await b.ok(api.messaging.getUnreadMessages, {})) as Message[];
    const waiting = unread.find((x) => x.spin);
    expect(waiting?.spin).toMatchObject({ id: spun.id, prizeSlot: spun.prizeSlot });
    expect(waiting?.prize?.value).toBe(SPIN_WHEEL[spun.prizeSlot!].amount);
    expect(unread.find((x) => x.content === 'hola')?.spin).toBeUndefined();
    const [seen] = (await b.ok(api.messaging.getConversation, {
      conversationId: conversation.conversationId,
      ownerId: conversation.ownerId,
      maxMessages: 10,
    })) as Conversation[];
    const message = seen.messages?.find((x) => x.spin);
    expect(message?.sender?.uid).toBe(a.user.uid);
    expect(message?.spin).toMatchObject({ id: spun.id, prizeSlot: spun.prizeSlot });
    expect(message?.prize?.value).toBe(SPIN_WHEEL[spun.prizeSlot!].amount);
  });

  it('a spin sent as a gift into the conversation shows unspun to the receiver, who spins it', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    await t.deps.ledger.grant({
      uid: a.user.uid,
      amount: 100,
      reason: 'test',
      actorId: 0,
      key: `g-${uniqueId()}`,
    });
    const conversation = await conversationOf(a, b);
    const key = `k-${uniqueId()}`;
    const send = () =>
      a.ok(api.rewards.sendSpin, {
        receiverId: b.user.uid,
        idempotencyKey: key,
        conversationId: conversation.conversationId,
        ownerId: conversation.ownerId,
      });
    const [sent] = (await send()) as Spin[];
    await send();
    const [seen] = (await b.ok(api.messaging.getConversation, {
      conversationId: conversation.conversationId,
      ownerId: conversation.ownerId,
      maxMessages: 10,
    })) as Conversation[];
    // A retry posts no second message.
    const carrying = seen.messages?.filter((x) => x.spin) ?? [];
    expect(carrying).toHaveLength(1);
    expect(carrying[0].spin).toMatchObject({ id: sent.id });
    expect(carrying[0].spin?.prize).toBeUndefined();
    await b.ok(api.rewards.spin, { spinId: sent.id! });
  });

  it("a spin sent from a profile arrives in the pair's IM, at the same price and under the same rules", async () => {
    const [a, b, closed] = [await member(t.app), await member(t.app), await member(t.app)];
    await t.deps.ledger.grant({
      uid: a.user.uid,
      amount: 100,
      reason: 'test',
      actorId: 0,
      key: `g-${uniqueId()}`,
    });
    // No conversation between them yet: the send starts the IM.
    const [sent] = (await a.ok(api.rewards.sendSpin, {
      receiverId: b.user.uid,
      idempotencyKey: `k-${uniqueId()}`,
      directMessage: true,
    })) as Spin[];
    expect((await t.deps.ledger.balances(a.user.uid)).gold).toBe(100 - SPIN_GIFT_PRICE);
    const unread = (await b.ok(api.messaging.getUnreadMessages, {})) as Message[];
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ sender: { uid: a.user.uid }, spin: { id: sent.id } });
    expect(unread[0].prize).toBeUndefined();

    // A member who takes no messages gets no spin this way, and no gold moves.
    await t.deps.db
      .updateTable('users')
      .set({ im_permission: 2 })
      .where('id', '=', closed.user.uid)
      .execute();
    const refused = await a.call(api.rewards.sendSpin, {
      receiverId: closed.user.uid,
      idempotencyKey: `k-${uniqueId()}`,
      directMessage: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/no acepta mensajes/);
    expect((await t.deps.ledger.balances(a.user.uid)).gold).toBe(100 - SPIN_GIFT_PRICE);
    const both = await a.call(api.rewards.sendSpin, {
      receiverId: b.user.uid,
      idempotencyKey: `k-${uniqueId()}`,
      directMessage: true,
      conversationId: unread[0].conversationId!,
    });
    expect(both.status).toBe(400);
  });
});
