import { api, type Conversation, type Message } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member, testApp } from '../../../tests/_util';
import { openPush, type PushSocket } from '../../../tests/flows/_push';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('messaging on $name', (dialect) => {
  const app = listeningApp(dialect);

  const set = app.setUser;
  const send = async (from: Member, params: Record<string, unknown>) =>
    ((await from.ok(api.messaging.send, params)) as Conversation[])[0];
  const im = (from: Member, to: Member, message: string, extra: Record<string, unknown> = {}) =>
    send(from, { targetIds: [to.user.uid], message, ...extra });
  const get = async (who: Member, params: Record<string, unknown>) =>
    ((await who.ok(api.messaging.getConversation, params)) as Conversation[])[0];
  const list = async (who: Member, params: Record<string, unknown> = {}) =>
    (await who.ok(api.messaging.getUserConversations, params)) as Conversation[];
  const texts = (c: Conversation) => c.messages!.map((x) => x.content);
  const stored = async () => {
    const row = await app.t.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const befriend = async (a: Member, b: Member) => {
    const [id] = (await a.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid })) as number[];
    await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });
  };
  const socketOf = async (who: Member) => {
    const socket = await openPush(app.baseUrl, { cookie: who.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    return socket;
  };
  /** Publishes a marker and takes frames up to it: what arrived before it, in order. */
  const drain = async (socket: PushSocket, uid: number) => {
    await app.t.deps.hub.publish([uid], { type: 'streetWarsJournal', text: 'marca', url: '/' });
    const frames = [];
    for (;;) {
      const frame = await socket.next();
      if (frame.type === 'streetWarsJournal') return frames;
      frames.push(frame);
    }
  };

  describe('instant messages', () => {
    it('starts an IM, reuses it, and returns the conversation with its last messages oldest first', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const first = await im(a, b, 'Hola, ¿qué tal?');
      expect(first).toMatchObject({
        type: 1,
        ownerId: a.user.uid,
        userCount: 2,
        messageCount: 1,
        unreadMessageCount: 0,
        isReadOnly: false,
        allowInvite: true,
        areFriends: false,
      });
      expect(first.users!.map((u) => u.uid).sort()).toEqual([a.user.uid, b.user.uid].sort());
      const again = await im(a, b, '*negrita* y :) tal cual');
      expect(again.conversationId).toBe(first.conversationId);
      const reply = await im(b, a, 'Bien, ¿y tú?');
      expect(reply.conversationId).toBe(first.conversationId);
      expect(texts(reply)).toEqual(['Hola, ¿qué tal?', '*negrita* y :) tal cual', 'Bien, ¿y tú?']);
      expect(reply.messages![0].sender).toMatchObject({ uid: a.user.uid, name: a.user.name });
      expect(reply.messageCount).toBe(3);
      const fewer = await send(a, {
        conversationId: first.conversationId,
        message: 'cuatro',
        maxMessages: 2,
      });
      expect(texts(fewer)).toEqual(['Bien, ¿y tú?', 'cuatro']);
      const [found] = (await a.ok(api.messaging.searchConversation, {
        targetId: b.user.uid,
      })) as Conversation[];
      expect(found.conversationId).toBe(first.conversationId);
      const c = await member(app.t.app);
      expect(await a.ok(api.messaging.searchConversation, { targetId: c.user.uid })).toEqual([]);
    });

    it('counts unread messages per member and clears them on read', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b, 'uno');
      await im(a, b, 'dos');
      const [mine] = await list(a);
      expect(mine.unreadMessageCount).toBe(0);
      const [theirs] = await list(b);
      expect(theirs).toMatchObject({ conversationId: conv.conversationId, unreadMessageCount: 2 });
      expect(texts(theirs)).toEqual(['dos']);
      const unread = (await b.ok(api.messaging.getUnreadMessages, {})) as Message[];
      expect(unread.map((x) => x.content)).toEqual(['uno', 'dos']);
      expect(
        ((await b.ok(api.messaging.getUnreadMessages, { filterSender: b.user.uid })) as Message[]).length,
      ).toBe(0);
      expect(await b.ok(api.messaging.setReadTimestamp, { conversationId: conv.conversationId })).toEqual([
        true,
      ]);
      const read = await get(b, { conversationId: conv.conversationId });
      expect(read.unreadMessageCount).toBe(0);
      expect(read.readTimestamps![b.user.uid]).toBeGreaterThanOrEqual(read.messages![1].sentTime!);
      await new Promise((r) => setTimeout(r, 5));
      await im(a, b, 'tres');
      expect((await get(b, { conversationId: conv.conversationId })).unreadMessageCount).toBe(1);
      const marked = (await b.ok(api.messaging.getUnreadMessages, {
        conversationId: conv.conversationId,
        markAsRead: true,
      })) as Message[];
      expect(marked.map((x) => x.content)).toEqual(['tres']);
      expect(await b.ok(api.messaging.getUnreadMessages, {})).toEqual([]);
      // Marking back to an earlier time makes the later lines unread again.
      await b.ok(api.messaging.setReadTimestamp, { conversationId: conv.conversationId, timestamp: 0 });
      expect((await get(b, { conversationId: conv.conversationId })).unreadMessageCount).toBe(3);
    });

    it('lists conversations newest activity first, with groups or without', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const withB = await im(a, b, 'para b');
      const group = await send(a, {
        targetIds: [b.user.uid, c.user.uid],
        message: 'para todos',
        name: 'Amigos',
      });
      const withC = await im(a, c, 'para c');
      expect((await list(a)).map((x) => x.conversationId)).toEqual([
        withC.conversationId,
        group.conversationId,
        withB.conversationId,
      ]);
      await im(a, b, 'otra vez b');
      expect((await list(a)).map((x) => x.conversationId)).toEqual([
        withB.conversationId,
        withC.conversationId,
        group.conversationId,
      ]);
      expect((await list(a, { includeUGC: false })).map((x) => x.type)).toEqual([1, 1]);
      expect((await list(a, { limit: 1, page: 2 })).map((x) => x.conversationId)).toEqual([
        withC.conversationId,
      ]);
      const ugc = (await a.ok(api.messaging.getUgcConversations)) as Conversation[];
      expect(ugc.map((x) => [x.conversationId, x.name, x.type])).toEqual([
        [group.conversationId, 'Amigos', 2],
      ]);
      expect((await a.call(api.messaging.getUserConversations, { userId: b.user.uid })).status).toBe(403);
    });

    it('pages older messages and catches up after an id, ascending', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b, 'm1');
      for (let i = 2; i <= 6; i++) await im(i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
      const latest = await get(a, { conversationId: conv.conversationId, maxMessages: 2 });
      expect(texts(latest)).toEqual(['m5', 'm6']);
      const older = await get(a, {
        conversationId: conv.conversationId,
        maxMessages: 2,
        beforeMessageId: latest.messages![0].id,
      });
      expect(texts(older)).toEqual(['m3', 'm4']);
      const after = await get(a, {
        conversationId: conv.conversationId,
        afterMessageId: older.messages![0].id,
      });
      expect(texts(after)).toEqual(['m4', 'm5', 'm6']);
      const ids = after.messages!.map((x) => x.id!);
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    });

    it('applies the sender’s IM colours to their lines, as they were when sent', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await a.ok(api.messaging.setFontColor, { color: '#FF0000' });
      await a.ok(api.messaging.setBackgroundColor, { color: '#00ff00' });
      const conv = await im(a, b, 'en color');
      await a.ok(api.messaging.setFontColor, { color: '#0000ff' });
      await im(a, b, 'en azul');
      const seen = await get(b, { conversationId: conv.conversationId });
      expect(seen.messages!.map((x) => [x.fgColor, x.bgColor])).toEqual([
        ['#ff0000', '#00ff00'],
        ['#0000ff', '#00ff00'],
      ]);
      expect(seen.users!.find((u) => u.uid === a.user.uid)).toMatchObject({
        imColor: '#0000ff',
        imBgColor: '#00ff00',
      });
      const [profile] = (await b.ok(api.people.getUserById, { userId: a.user.uid })) as Record<
        string,
        unknown
      >[];
      expect(profile).toMatchObject({ imColor: '#0000ff', imBgColor: '#00ff00' });
      const bad = await a.call(api.messaging.setFontColor, { color: 'rojo' });
      expect(bad.status).toBe(400);
      expect(bad.body.ApiValidationException).toEqual({ field: 'color' });
    });
  });

  describe('idempotent sends', () => {
    it('stores a retried clientMessageId once and pushes it again', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const socket = await socketOf(b);
      const first = await im(a, b, 'una vez', { clientMessageId: 'c-1' });
      const retry = await im(a, b, 'una vez', { clientMessageId: 'c-1' });
      expect(retry.conversationId).toBe(first.conversationId);
      expect(retry.messageCount).toBe(1);
      const inGroup = await send(a, {
        conversationId: first.conversationId,
        message: 'una vez',
        clientMessageId: 'c-1',
      });
      expect(texts(inGroup)).toEqual(['una vez']);
      // Concurrent retries too.
      const racing = await Promise.all(
        [1, 2, 3].map(() =>
          a.call(api.messaging.send, {
            conversationId: first.conversationId,
            message: 'x',
            clientMessageId: 'c-2',
          }),
        ),
      );
      expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
      const frames = await drain(socket, b.user.uid);
      // Stored once, pushed again on every retry (issue #17: the client retried because it never
      // heard back, and the first push may have been lost too); the same message id each time.
      const pushed = frames.map((f) => f.message as Message);
      expect(pushed.map((m) => m.content)).toEqual(['una vez', 'una vez', 'una vez', 'x', 'x', 'x']);
      expect(new Set(pushed.map((m) => m.id)).size).toBe(2);
      // The id comes back on the answer and the push, so the sender's client can match its pending line.
      expect(pushed.map((m) => m.clientMessageId)).toEqual(['c-1', 'c-1', 'c-1', 'c-2', 'c-2', 'c-2']);
      expect(first.messages?.at(-1)?.clientMessageId).toBe('c-1');
      expect(retry.messages?.at(-1)?.clientMessageId).toBe('c-1');
      expect((await get(a, { conversationId: first.conversationId })).messageCount).toBe(2);
      // A new id (or none) is a new message.
      await im(a, b, 'una vez', { clientMessageId: 'c-3' });
      await im(a, b, 'una vez');
      expect((await get(a, { conversationId: first.conversationId })).messageCount).toBe(4);
      await socket.close();
    });
  });

  describe('bad input', () => {
    it('refuses with 400 and stores nothing', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const before = await stored();
      const cases: [Record<string, unknown>, string?][] = [
        [{ targetIds: [b.user.uid], message: '' }, 'message'],
        [{ targetIds: [b.user.uid], message: '   ' }, 'message'],
        [{ message: 'sin destino' }, 'targetIds'],
        [{ targetIds: [a.user.uid], message: 'a mí' }, 'targetIds'],
        [{ targetIds: [b.user.uid], type: 3, message: 'chat' }, 'type'],
        [{ targetIds: [b.user.uid], message: 'x'.repeat(4001) }, 'message'],
        [{ targetIds: [b.user.uid], message: 'hola', clientMessageId: 'y'.repeat(65) }, 'clientMessageId'],
      ];
      for (const [params, field] of cases) {
        const res = await a.call(api.messaging.send, params);
        expect(res.status, JSON.stringify(params)).toBe(400);
        if (field) expect(res.body.ApiValidationException).toEqual({ field });
      }
      const self = await a.call(api.messaging.send, { targetIds: [a.user.uid], message: 'a mí' });
      expect(self.body.message).toBe('No puedes enviarte un mensaje a ti mismo.');
      expect(
        (await a.call(api.messaging.send, { targetNames: ['nadie_existe_aqui'], message: 'hola' })).status,
      ).toBe(404);
      expect(await stored()).toBe(before);
      expect(await list(a)).toEqual([]);
    });

    it('asks anonymous visitors to log in', async () => {
      const anon = new Client(app.t.app);
      const res = await anon.call(api.messaging.send, { targetIds: [1], message: 'hola' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Inicia sesión para continuar');
      for (const endpoint of Object.values(api.messaging)) {
        const refused = await anon.call(endpoint, {});
        expect(refused.status, endpoint.path).toBe(401);
        expect(refused.body).toHaveProperty('ApiLoginRequiredException');
      }
    });

    it('limits a flood of sends', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b, '1');
      let status = 200;
      for (let i = 0; i < 70 && status === 200; i++) {
        status = (await a.call(api.messaging.send, { conversationId: conv.conversationId, message: `${i}` }))
          .status;
      }
      expect(status).toBe(429);
    });
  });

  describe('who may read and write', () => {
    it('keeps non-participants out with 404', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const x = await member(app.t.app);
      const conv = await im(a, b, 'privado');
      const named = { conversationId: conv.conversationId };
      for (const [endpoint, params] of [
        [api.messaging.getConversation, named],
        [api.messaging.send, { ...named, message: 'hola' }],
        [api.messaging.invite, { ...named, targetIds: [x.user.uid] }],
        [api.messaging.leave, named],
        [api.messaging.setReadTimestamp, named],
        [api.messaging.sendTypingEvent, named],
        [api.messaging.getUnreadMessages, named],
      ] as const) {
        expect((await x.call(endpoint, params)).status, endpoint.path).toBe(404);
      }
      expect((await a.call(api.messaging.getConversation, { ...named, ownerId: x.user.uid })).status).toBe(
        404,
      );
      expect((await a.call(api.messaging.getConversation, { ...named, type: 2 })).status).toBe(404);
      expect((await a.call(api.messaging.getConversation, { conversationId: 999999 })).status).toBe(404);
    });

    it('removes access when a member leaves: no reads, no writes, no pushes', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const group = await send(a, { targetIds: [b.user.uid, c.user.uid], message: 'hola a todos' });
      const named = { conversationId: group.conversationId };
      const socket = await socketOf(c);
      expect(await c.ok(api.messaging.leave, named)).toEqual([true]);
      expect((await c.call(api.messaging.getConversation, named)).status).toBe(404);
      expect((await c.call(api.messaging.send, { ...named, message: 'sigo aquí' })).status).toBe(404);
      expect((await c.call(api.messaging.leave, named)).status).toBe(404);
      await send(a, { ...named, message: 'ya no estás' });
      expect(await drain(socket, c.user.uid)).toEqual([]);
      expect(await list(c)).toEqual([]);
      const seen = await get(a, named);
      expect(seen.userCount).toBe(2);
      expect(seen.inactiveUsers!.map((u) => u.uid)).toEqual([c.user.uid]);
      expect((await b.call(api.messaging.leave, { ...named, userId: a.user.uid })).status).toBe(403);
      await socket.close();
    });

    it('a member who left an IM comes back by starting it again', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b, 'hola');
      await b.ok(api.messaging.leave, { conversationId: conv.conversationId });
      await im(a, b, '¿sigues?');
      expect(await list(b)).toEqual([]);
      const back = await im(b, a, 'he vuelto');
      expect(back.conversationId).toBe(conv.conversationId);
      expect((await list(b)).map((x) => x.conversationId)).toEqual([conv.conversationId]);
    });

    it('respects blocks both ways', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b, 'antes');
      await b.ok(api.people.blockUser, { userId: a.user.uid });
      expect((await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'hola' })).status).toBe(
        404,
      );
      expect(
        (await a.call(api.messaging.send, { conversationId: conv.conversationId, message: 'hola' })).status,
      ).toBe(404);
      const blocker = await b.call(api.messaging.send, {
        conversationId: conv.conversationId,
        message: 'hola',
      });
      expect(blocker.status).toBe(403);
      expect(blocker.body.message).toBe(`Bloqueaste a ${a.user.name}. Desbloquéalo para escribirle.`);
      expect((await b.call(api.messaging.send, { targetIds: [a.user.uid], message: 'hola' })).status).toBe(
        403,
      );
      const c = await member(app.t.app);
      expect(
        (await c.call(api.messaging.send, { targetIds: [a.user.uid, b.user.uid], message: 'grupo' })).status,
      ).toBe(200);
      expect(
        (await a.call(api.messaging.send, { targetIds: [b.user.uid, c.user.uid], message: 'grupo' })).status,
      ).toBe(404);
    });

    it('treats a banned IM partner as gone: 404 on sends into the IM', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b, 'antes');
      await app.t.deps.db
        .updateTable('users')
        .set({ banned_at: Date.now() })
        .where('id', '=', b.user.uid)
        .execute();
      const res = await a.call(api.messaging.send, { conversationId: conv.conversationId, message: 'hola' });
      expect(res.status).toBe(404);
      expect(res.body.ApiNotFoundException).toBeDefined();
    });

    it('follows the target’s IM permission: everyone, friends, nobody', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await set(b.user.uid, { im_permission: 1 });
      const friendsOnly = await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'hola' });
      expect(friendsOnly.status).toBe(403);
      expect(friendsOnly.body.message).toBe(`${b.user.name} no acepta mensajes instantáneos tuyos.`);
      await befriend(a, b);
      expect((await im(a, b, 'ahora sí')).areFriends).toBe(true);
      const c = await member(app.t.app);
      await set(c.user.uid, { im_permission: 2 });
      await befriend(a, c);
      expect((await a.call(api.messaging.send, { targetIds: [c.user.uid], message: 'hola' })).status).toBe(
        403,
      );
      expect(
        (await c.call(api.messaging.send, { targetIds: [a.user.uid], message: 'yo sí puedo' })).status,
      ).toBe(200);
    });

    it('asks for verification before any send when the setting requires it', async () => {
      const strict = await testApp(dialect, { requireVerification: true });
      try {
        const a = await member(strict.app);
        const b = await member(strict.app);
        const res = await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'hola' });
        expect(res.status).toBe(403);
        expect(res.body).toHaveProperty('ApiVerificationRequiredException');
        expect(
          (await a.call(api.messaging.sendOffline, { destId: b.user.uid, message: 'hola' })).status,
        ).toBe(403);
        await strict.deps.db.updateTable('users').set({ verified: 1 }).where('id', '=', a.user.uid).execute();
        expect((await a.call(api.messaging.send, { targetIds: [b.user.uid], message: 'hola' })).status).toBe(
          200,
        );
      } finally {
        await strict.close();
      }
    });
  });

  describe('groups', () => {
    it('creates a group from several targets; only the owner renames or sets properties', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const group = await send(a, { targetNames: [b.user.name, c.user.name], message: 'hola', name: 'Cena' });
      expect(group).toMatchObject({ type: 2, ownerId: a.user.uid, name: 'Cena', userCount: 3 });
      expect(group.areFriends).toBeUndefined();
      const named = { conversationId: group.conversationId };
      expect((await b.call(api.messaging.rename, { ...named, name: 'Mía' })).status).toBe(403);
      expect(await a.ok(api.messaging.rename, { ...named, name: 'Cena del viernes' })).toEqual([true]);
      expect((await get(b, named)).name).toBe('Cena del viernes');
      expect(
        (await b.call(api.messaging.setProperty, { ...named, property: 'isReadOnly', value: true })).status,
      ).toBe(403);
      const badProperty = await a.call(api.messaging.setProperty, {
        ...named,
        property: 'color',
        value: true,
      });
      expect(badProperty.status).toBe(400);
      const imConv = await im(a, b, 'privado');
      expect(
        (await a.call(api.messaging.rename, { conversationId: imConv.conversationId, name: 'x' })).status,
      ).toBe(400);
    });

    it('refuses sends from anyone but the owner in a read-only group', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const group = await send(a, { targetIds: [b.user.uid, c.user.uid], message: 'anuncios' });
      const named = { conversationId: group.conversationId };
      await a.ok(api.messaging.setProperty, { ...named, property: 'isReadOnly', value: true });
      const before = await stored();
      const refused = await b.call(api.messaging.send, { ...named, message: 'quiero hablar' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Esta conversación es de solo lectura.');
      expect(await stored()).toBe(before);
      expect((await send(a, { ...named, message: 'solo yo' })).isReadOnly).toBe(true);
      await a.ok(api.messaging.setProperty, { ...named, property: 'isReadOnly', value: false });
      expect((await b.call(api.messaging.send, { ...named, message: 'ahora sí' })).status).toBe(200);
    });

    it('invites respect allowInvite and the invitee’s permissions', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const d = await member(app.t.app);
      const group = await send(a, { targetIds: [b.user.uid, c.user.uid], message: 'hola' });
      const named = { conversationId: group.conversationId };
      await a.ok(api.messaging.setProperty, { ...named, property: 'allowInvite', value: false });
      const refused = await b.call(api.messaging.invite, { ...named, targetIds: [d.user.uid] });
      expect(refused.status).toBe(403);
      const [invited] = (await a.ok(api.messaging.invite, {
        ...named,
        targetIds: [d.user.uid],
      })) as Conversation[];
      expect(invited.userCount).toBe(4);
      expect((await get(d, named)).messages!.map((x) => x.content)).toEqual(['hola']);
      await a.ok(api.messaging.setProperty, { ...named, property: 'allowInvite', value: true });
      const e = await member(app.t.app);
      await set(e.user.uid, { im_permission: 2 });
      expect((await b.call(api.messaging.invite, { ...named, targetIds: [e.user.uid] })).status).toBe(403);
      const f = await member(app.t.app);
      await f.ok(api.people.blockUser, { userId: b.user.uid });
      expect((await b.call(api.messaging.invite, { ...named, targetIds: [f.user.uid] })).status).toBe(404);
      expect((await b.call(api.messaging.invite, { ...named })).status).toBe(400);
    });

    it('inviting into an IM starts a new group with both members; the IM stays an IM', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const conv = await im(a, b, 'entre dos');
      const [group] = (await b.ok(api.messaging.invite, {
        conversationId: conv.conversationId,
        targetIds: [c.user.uid],
        name: 'Tres',
      })) as Conversation[];
      expect(group.conversationId).not.toBe(conv.conversationId);
      expect(group).toMatchObject({ type: 2, ownerId: b.user.uid, name: 'Tres', userCount: 3 });
      expect((await get(a, { conversationId: conv.conversationId })).type).toBe(1);
      expect((await get(c, { conversationId: group.conversationId })).messages).toEqual([]);
      expect(
        (await c.call(api.messaging.getConversation, { conversationId: conv.conversationId })).status,
      ).toBe(404);
    });
  });

  describe('live delivery', () => {
    it('pushes messages to every participant, the sender’s other tabs too, and typing to the others', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const [sa, sb] = [await socketOf(a), await socketOf(b)];
      const conv = await im(a, b, 'en vivo');
      const expected = {
        type: 'message',
        conversationId: conv.conversationId,
        ownerId: a.user.uid,
        conversationType: 1,
        message: { id: conv.messages![0].id, content: 'en vivo', sender: { uid: a.user.uid } },
      };
      expect(await sb.next()).toMatchObject(expected);
      expect(await sa.next()).toMatchObject(expected);
      expect(await a.ok(api.messaging.sendTypingEvent, { conversationId: conv.conversationId })).toEqual([
        true,
      ]);
      expect(await sb.next()).toMatchObject({
        type: 'typing',
        conversationId: conv.conversationId,
        ownerId: a.user.uid,
        user: { uid: a.user.uid, name: a.user.name },
      });
      expect(await drain(sa, a.user.uid)).toEqual([]);
      await Promise.all([sa.close(), sb.close()]);
    });

    it('catching up while others send concurrently never skips a line', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const c = await member(app.t.app);
      const group = await send(a, { targetIds: [b.user.uid, c.user.uid], message: 'inicio' });
      const named = { conversationId: group.conversationId };
      const seen: number[] = [group.messages![0].id!];
      let sending = true;
      const senders = Promise.all(
        [a, b].flatMap((who) =>
          Array.from({ length: 10 }, (_, i) => send(who, { ...named, message: `${who.user.name} ${i}` })),
        ),
      ).finally(() => {
        sending = false;
      });
      const poll = async () => {
        const page = await get(c, { ...named, afterMessageId: seen.at(-1), maxMessages: 100 });
        seen.push(...page.messages!.map((x) => x.id!));
      };
      while (sending) {
        await poll();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await senders;
      await poll();
      const all = (await get(c, { ...named, maxMessages: 100 })).messages!.map((x) => x.id!);
      expect(all).toHaveLength(21);
      expect(seen).toEqual(all);
    });

    it('a dropped socket catches up with afterMessageId: no gap, no duplicate', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      let socket = await socketOf(b);
      const conv = await im(a, b, 'uno');
      const seen: Message[] = [(await socket.next()).message as Message];
      await socket.close();
      await send(a, { conversationId: conv.conversationId, message: 'dos' });
      await send(a, { conversationId: conv.conversationId, message: 'tres' });
      socket = await socketOf(b);
      const sending = send(a, { conversationId: conv.conversationId, message: 'cuatro' });
      const missed = await get(b, { conversationId: conv.conversationId, afterMessageId: seen.at(-1)!.id });
      await sending;
      const live = (await drain(socket, b.user.uid)).map((f) => f.message as Message);
      // The client merges by id: what it fetched plus what came live, each once.
      const merged = new Map<number, Message>();
      for (const msg of [...seen, ...missed.messages!, ...live]) merged.set(msg.id!, msg);
      expect([...merged.values()].sort((x, y) => x.id! - y.id!).map((x) => x.content)).toEqual([
        'uno',
        'dos',
        'tres',
        'cuatro',
      ]);
      const last = await get(b, { conversationId: conv.conversationId, afterMessageId: live.at(-1)!.id });
      expect(last.messages).toEqual([]);
      await socket.close();
    });
  });
});
