import { api, type Conversation } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp, member } from '../../../tests/_util';

// Offline mail between members who share an IM is also a line of it (docs/member-fields.md).
describe.each(dialects)('offline mail as a conversation line on $name', (dialect) => {
  const app = listeningApp(dialect);

  it('carries offlineId in the shared IM; mail to someone without an IM starts nothing', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    const c = await member(app.t.app);
    await a.ok(api.messaging.send, { targetIds: b.user.uid, message: 'hola' });
    const [id] = (await a.ok(api.messaging.sendOffline, {
      destId: b.user.uid,
      subject: 'Carta',
      message: 'Te escribo por correo',
    })) as number[];
    const [im] = (await b.ok(api.messaging.searchConversation, { targetId: a.user.uid })) as Conversation[];
    const last = im.messages!.at(-1)!;
    expect(last).toMatchObject({ content: 'Te escribo por correo', offlineId: id });
    expect(im.messages![0].offlineId).toBeUndefined();
    expect(im.unreadMessageCount).toBe(2);
    // The mail is still in the inbox too.
    const inbox = (await b.ok(api.messaging.getOfflineInbox, {})) as { id: number }[];
    expect(inbox.map((m) => m.id)).toContain(id);

    await a.ok(api.messaging.sendOffline, { destId: c.user.uid, message: 'Hola, desconocida' });
    expect(await c.ok(api.messaging.searchConversation, { targetId: a.user.uid })).toEqual([]);

    // A member who left the IM gets the mail in the inbox only.
    await b.ok(api.messaging.leave, { conversationId: im.conversationId });
    await a.ok(api.messaging.sendOffline, { destId: b.user.uid, message: 'Otra' });
    const [again] = (await a.ok(api.messaging.searchConversation, {
      targetId: b.user.uid,
    })) as Conversation[];
    expect(again.messages!.at(-1)!.content).toBe('Te escribo por correo');
  });

  it('a first message sent from the suggested opener keeps its icebreaker tag', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    const opener = '[icebreaker]¡Hola! ¿Qué tal va tu día?[/icebreaker]';
    await a.ok(api.messaging.send, { targetIds: b.user.uid, message: opener });
    const [im] = (await b.ok(api.messaging.searchConversation, { targetId: a.user.uid })) as Conversation[];
    expect(im.messages?.map((m) => m.content)).toEqual([opener]);
  });
});
