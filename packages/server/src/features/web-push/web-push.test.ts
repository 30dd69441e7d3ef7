import {
  api,
  type ChatRoom,
  type Conversation,
  PushKind,
  PushPrompt,
  type PushSettings,
} from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../../tests/_push-service';
import { Client, dialects, member, type TestApp, testApp } from '../../../tests/_util';
import { listen, openPush } from '../../../tests/flows/_push';
import { loadConfig } from '../../config';

type Member = Awaited<ReturnType<typeof member>>;

// The push service is an outside network: tests/_push-service.ts stands in for it and decrypts.
describe.each(dialects)('web push on $name', (dialect) => {
  let t: TestApp;
  let service: PushService;
  let baseUrl: string;
  beforeAll(async () => {
    service = await startPushService();
    t = await testApp(dialect, {
      // The quiet time outlasts a three-message burst on a loaded machine with PostgreSQL (400 ms did not).
      push: { ...loadConfig({}).push, allowHttpEndpoints: true, collapseMs: 1500, perMinute: 3 },
      outboundAllowPrivate: true, // the local push service listens on 127.0.0.1
    });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  // A socket event's notice leaves through the outbox with its write (effects/unit-of-work.ts).
  const settle = async () => {
    await t.deps.effects.settled();
    await t.deps.outbox.flush();
    await t.deps.webPush.settled();
  };
  /** A member with one subscribed browser. */
  const device = async (who: Member) => {
    const sub = service.subscription();
    expect(await who.ok(api.webPush.subscribe, sub)).toEqual([true]);
    return sub;
  };
  const subscribed = async () => {
    const who = await member(t.app);
    return Object.assign(who, { device: await device(who) });
  };
  const im = async (from: Member, to: Member, message: string) =>
    ((await from.ok(api.messaging.send, { targetIds: [to.user.uid], message })) as Conversation[])[0];
  const settings = async (who: Member) => ((await who.ok(api.webPush.getSettings)) as PushSettings[])[0];
  const rows = (uid: number) =>
    t.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', uid).execute();

  describe('subscriptions', () => {
    it('stores one per device, refuses bad input and anonymous callers, and forgets on unsubscribe', async () => {
      const a = await member(t.app);
      const [key] = (await new Client(t.app).ok(api.webPush.getPublicKey)) as string[];
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      const phone = await device(a);
      const laptop = await device(a);
      expect((await settings(a)).devices).toBe(2);

      const bad = await a.call(api.webPush.subscribe, {
        ...service.subscription(),
        endpoint: 'ftp://x.example/1',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Revisa/);
      expect((await new Client(t.app).call(api.webPush.subscribe, service.subscription())).status).toBe(401);
      expect(await rows(a.user.uid)).toHaveLength(2);

      // Another member cannot remove a's subscription by naming its endpoint.
      const b = await member(t.app);
      await b.ok(api.webPush.unsubscribe, { endpoint: phone.endpoint });
      expect(await rows(a.user.uid)).toHaveLength(2);
      await a.ok(api.webPush.unsubscribe, { endpoint: phone.endpoint });
      expect((await rows(a.user.uid)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);
    });

    it('refuses plain http endpoints unless configured for a local test service', async () => {
      const strict = await testApp(dialect);
      try {
        const a = await member(strict.app);
        const res = await a.call(api.webPush.subscribe, service.subscription());
        expect(res.status).toBe(400);
        expect(
          (
            await a.call(api.webPush.subscribe, {
              ...service.subscription(),
              endpoint: 'https://push.example/x',
            })
          ).status,
        ).toBe(200);
      } finally {
        await strict.close();
      }
    });

    it('is removed on logout: the session it was made in ends', async () => {
      const a = await subscribed();
      expect(await rows(a.user.uid)).toHaveLength(1);
      await a.ok(api.profile.logout);
      expect(await rows(a.user.uid)).toHaveLength(0);
    });

    it('is removed when the push service answers that it is gone', async () => {
      const [a, b] = [await subscribed(), await member(t.app)];
      service.expire(a.device.id);
      await im(b, a, 'hola');
      await settle();
      expect(await rows(a.user.uid)).toHaveLength(0);
      expect(service.for(a.device.id)).toHaveLength(0);
    });
  });

  describe('who gets a push', () => {
    it('a message to a member with no socket arrives encrypted, signed, collapsible and in their language', async () => {
      const [a, b] = [await subscribed(), await member(t.app)];
      const c = await im(b, a, 'hola, ¿qué tal?');
      await settle();
      const [push] = service.for(a.device.id);
      const [key] = (await a.ok(api.webPush.getPublicKey)) as string[];
      expect(push).toMatchObject({
        payload: {
          title: b.user.name,
          body: 'hola, ¿qué tal?',
          url: `/html/online/message-view.jsp?cid=${c.conversationId}&u=${c.ownerId}&type=1`,
          tag: `m${c.conversationId}`,
          kind: PushKind.MESSAGES,
          lang: 'es',
        },
        topic: `m${c.conversationId}`,
        urgency: 'high',
        vapidKey: key,
      });
      // The sender, who has no socket either, is not told of their own message.
      expect(service.received.filter((r) => r.payload.title === b.user.name && r.id !== a.device.id)).toEqual(
        [],
      );
    });

    it('speaks English to an English member, and hides the text when previews are off', async () => {
      const [a, b] = [await subscribed(), await member(t.app)];
      await t.deps.db.updateTable('users').set({ locale: 'en' }).where('id', '=', a.user.uid).execute();
      await a.ok(api.webPush.setSettings, { previews: false });
      await im(b, a, 'secreto');
      await settle();
      expect(service.for(a.device.id).map((p) => p.payload.body)).toEqual(['Sent you a message']);
    });

    it('nobody with an open socket anywhere, nor a member who muted the kind, gets one', async () => {
      const [online, muted, b] = [await subscribed(), await subscribed(), await member(t.app)];
      const socket = await openPush(baseUrl, { cookie: online.cookieHeader });
      expect((await socket.next()).type).toBe('hello');
      const saved = ((await muted.ok(api.webPush.setSettings, { messages: false })) as PushSettings[])[0];
      expect(saved).toMatchObject({ messages: false, friendRequests: true, previews: true });
      await im(b, online, 'estás aquí');
      await im(b, muted, 'silencio');
      await settle();
      expect(service.for(online.device.id)).toEqual([]);
      expect(service.for(muted.device.id)).toEqual([]);
      await socket.close();
    });

    it('a notice from a member either side blocked is not sent (deps.webPush.notify)', async () => {
      const [a, b, c] = [await subscribed(), await member(t.app), await member(t.app)];
      await a.ok(api.people.blockUser, { userId: b.user.uid });
      const notice = (fromId: number) => ({
        kind: PushKind.MEDIA,
        collapseKey: `p${fromId}`,
        url: '/html/index.jsp',
        fromId,
        text: { es: { title: 'Foto', body: 'Nueva foto' }, en: { title: 'Photo', body: 'New photo' } },
      });
      t.deps.webPush.notify([a.user.uid], notice(b.user.uid));
      t.deps.webPush.notify([a.user.uid], notice(c.user.uid));
      await settle();
      expect(service.for(a.device.id).map((p) => p.payload.tag)).toEqual([`p${c.user.uid}`]);
    });

    it('friend requests and chat private messages reach the right page', async () => {
      const [a, b] = [await subscribed(), await member(t.app)];
      await b.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: a.user.uid });
      await settle();
      expect(service.for(a.device.id).map((p) => p.payload)).toMatchObject([
        {
          kind: PushKind.FRIEND_REQUESTS,
          url: '/html/buddies-requests.jsp',
          body: `${b.user.name} te envió una solicitud de amistad`,
        },
      ]);

      const name = `Sala ${Math.random().toString(36).slice(2, 8)}`;
      const [room] = (await b.ok(api.chat.createRoom, { name, roomType: 2 })) as ChatRoom[];
      await b.ok(api.chat.enterRoom, { roomId: room.id });
      await a.ok(api.chat.enterRoom, { roomId: room.id });
      await b.ok(api.chat.sendPrivateMessage, { roomId: room.id, userId: a.user.uid, message: 'psst' });
      await settle();
      expect(service.for(a.device.id).at(-1)?.payload).toMatchObject({
        kind: PushKind.CHAT_PRIVATE,
        url: `/chat/room/${room.id}`,
        body: 'psst',
      });
    });
  });

  describe('limits', () => {
    it('collapses a burst in one conversation: one now, the newest when the quiet time ends', async () => {
      const [a, b] = [await subscribed(), await member(t.app)];
      for (const text of ['uno', 'dos', 'tres']) await im(b, a, text);
      await settle();
      expect(service.for(a.device.id).map((p) => p.payload.body)).toEqual(['uno']);
      await service.waitFor(service.count() + 1, 8000);
      await settle();
      expect(service.for(a.device.id).map((p) => p.payload.body)).toEqual(['uno', 'tres']);
    });

    it('sends a member at most the per-minute number, however many conversations', async () => {
      const a = await subscribed();
      for (let i = 0; i < 5; i++) await im(await member(t.app), a, `hola ${i}`);
      await settle();
      expect(service.for(a.device.id)).toHaveLength(3);
    });

    it('a message’s notice commits with the message: an instance that stops before sending leaves it for the next', async () => {
      const [a, b] = [await subscribed(), await member(t.app)];
      // This instance "dies" right after the commit: nothing wakes its outbox.
      const kick = t.deps.outbox.kick;
      t.deps.outbox.kick = () => {};
      try {
        await im(b, a, 'sigue ahí');
        await t.deps.effects.settled();
        await t.deps.webPush.settled();
        expect(service.for(a.device.id)).toHaveLength(0);
        const rows = await t.deps.db.selectFrom('outbox').select(['kind', 'payload']).execute();
        expect(
          rows.filter((r) => r.kind === 'webPush' && String(r.payload).includes('sigue ahí')),
        ).toHaveLength(1);
      } finally {
        t.deps.outbox.kick = kick;
      }
      // The next drain (any instance's) sends it, once.
      await settle();
      await settle();
      expect(service.for(a.device.id).map((p) => p.payload.body)).toEqual([
        expect.stringContaining('sigue ahí'),
      ]);
    });

    it('a push service that is down never fails the write', async () => {
      const a = await member(t.app);
      await a.ok(api.webPush.subscribe, {
        ...service.subscription(),
        endpoint: 'http://127.0.0.1:9/push/nada',
      });
      const b = await member(t.app);
      expect((await b.call(api.messaging.send, { targetIds: [a.user.uid], message: 'hola' })).status).toBe(
        200,
      );
      await settle();
      expect(t.deps.webPush.stats().failed).toBeGreaterThan(0);
    });
  });

  describe('settings', () => {
    it('keeps the answer to the permission dialog and refuses values out of range', async () => {
      const a = await member(t.app);
      expect((await settings(a)).prompt).toBe(PushPrompt.NEVER_ASKED);
      await a.ok(api.webPush.setSettings, { prompt: PushPrompt.REFUSED });
      expect((await settings(a)).prompt).toBe(PushPrompt.REFUSED);
      expect((await a.call(api.webPush.setSettings, { prompt: 7 })).status).toBe(400);
      expect((await new Client(t.app).call(api.webPush.getSettings)).status).toBe(401);
    });
  });
});
