import { api, type Conversation, type OfflineMessage } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_ANNOUNCEMENTS, DEMO_GROUP } from './messaging';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo messaging', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const login = async (name: string) => {
    const client = new Client(t.app);
    await client.ok(api.profile.login, { name, password: DEMO_PASSWORD });
    return client;
  };

  it('seeds IMs, a group and offline mail once, readable through the API', async () => {
    await seedDemo(t.deps.db);
    await seedDemo(t.deps.db);
    const lucia = await login('lucia');
    const conversations = (await lucia.ok(api.messaging.getUserConversations, {})) as Conversation[];
    expect(conversations.map((c) => c.type)).toEqual([2, 2, 1, 1]);
    expect(conversations[0]).toMatchObject({
      name: DEMO_ANNOUNCEMENTS.name,
      isReadOnly: true,
      allowInvite: false,
    });
    expect(conversations[1]).toMatchObject({ name: DEMO_GROUP.name, userCount: 4, unreadMessageCount: 2 });
    const withMateo = conversations.find((c) => c.users!.some((u) => u.name === 'mateo') && c.type === 1)!;
    const [full] = (await lucia.ok(api.messaging.getConversation, {
      conversationId: withMateo.conversationId,
    })) as Conversation[];
    expect(full.messages!.map((m) => m.sender!.name)).toEqual(['mateo', 'lucia', 'mateo', 'lucia']);
    expect(full.messages![1].fgColor).toBe('#6a1b9a');
    const inbox = (await lucia.ok(api.messaging.getOfflineInbox, {})) as OfflineMessage[];
    expect(inbox.map((m) => [m.sender!.name, m.subject])).toEqual([['carlos', '¿Vienes el sábado?']]);
    const mateo = await login('mateo');
    // Only lucia writes in the announcements.
    const refused = await mateo.call(api.messaging.send, {
      conversationId: conversations[0].conversationId,
      message: 'Yo también',
    });
    expect(refused.status).toBe(403);
    // Sending into the seeded IM reuses it.
    const [sent] = (await mateo.ok(api.messaging.send, {
      targetNames: ['lucia'],
      message: '¿Lista para mañana?',
    })) as Conversation[];
    expect(sent.conversationId).toBe(withMateo.conversationId);
  });
});
