import { api, type Conversation, type Message } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { member } from '../_util';
import { twoInstances, twoInstancesAvailable } from './_instances';
import { openPush } from './_push';

// Members connected to different instances talk through Redis: messages and typing both ways.
describe.skipIf(!twoInstancesAvailable)('messaging across two instances', () => {
  const two = twoInstances();

  it('delivers messages and typing events between members on different instances, in order', async () => {
    const alba = await member(two.a.app);
    const bruno = await member(two.b.app);
    const albaOnA = await openPush(two.urlA, { cookie: alba.cookieHeader });
    const brunoOnB = await openPush(two.urlB, { cookie: bruno.cookieHeader });
    expect((await albaOnA.next()).type).toBe('hello');
    expect((await brunoOnB.next()).type).toBe('hello');

    const [conv] = (await alba.ok(api.messaging.send, {
      targetIds: [bruno.user.uid],
      message: 'Hola desde A',
    })) as Conversation[];
    const fromA = {
      type: 'message',
      conversationId: conv.conversationId,
      ownerId: alba.user.uid,
      conversationType: 1,
      message: { content: 'Hola desde A', sender: { uid: alba.user.uid } },
    };
    expect(await brunoOnB.next()).toMatchObject(fromA);
    expect(await albaOnA.next()).toMatchObject(fromA);

    await bruno.ok(api.messaging.sendTypingEvent, { conversationId: conv.conversationId });
    expect(await albaOnA.next()).toMatchObject({
      type: 'typing',
      conversationId: conv.conversationId,
      user: { uid: bruno.user.uid, name: bruno.user.name },
    });
    for (const text of ['uno', 'dos', 'tres']) {
      await bruno.ok(api.messaging.send, { conversationId: conv.conversationId, message: text });
    }
    const received: string[] = [];
    while (received.length < 3) {
      const frame = await albaOnA.next();
      if (frame.type === 'message') received.push((frame.message as Message).content!);
    }
    expect(received).toEqual(['uno', 'dos', 'tres']);

    await alba.ok(api.messaging.sendTypingEvent, { conversationId: conv.conversationId });
    // Bruno's own three lines came to his socket too; the typing event follows them.
    const kinds: string[] = [];
    for (;;) {
      const frame = await brunoOnB.next();
      kinds.push(frame.type);
      if (frame.type === 'typing') break;
    }
    expect(kinds).toEqual(['message', 'message', 'message', 'typing']);
    const [seen] = (await alba.ok(api.messaging.getConversation, {
      conversationId: conv.conversationId,
    })) as Conversation[];
    expect(seen.unreadMessageCount).toBe(3);
    await Promise.all([albaOnA.close(), brunoOnB.close()]);
  });
});
