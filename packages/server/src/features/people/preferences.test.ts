import fs from 'node:fs';
import path from 'node:path';
import { api, type ChatRoom, type Preferences, type User } from '@tertulia/contract';
import { describe, expect, it, vi } from 'vitest';
import { befriend, post } from '../../../tests/_social';
import { Client, dialects, listeningApp, member, PASSWORD } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('member preferences on $name', (dialect) => {
  const app = listeningApp(dialect);
  const prefs = async (m: Member) => ((await m.ok(api.settings.getPreferences)) as Preferences[])[0];
  const userById = async (viewer: Member, userId: number) =>
    ((await viewer.ok(api.people.getUserById, { userId })) as User[])[0];
  /** Every push published to the member while `fn` runs. */
  const pushesTo = async (m: Member, fn: () => Promise<unknown>) => {
    const spy = vi.spyOn(app.t.deps.hub, 'publish');
    try {
      await fn();
      return spy.mock.calls.filter(([ids]) => ids.includes(m.user.uid)).map(([, e]) => e.type);
    } finally {
      spy.mockRestore();
    }
  };
  const notices = (m: Member) =>
    app.t.deps.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', m.user.uid)
      .execute()
      .then((rows) => rows.map((r) => r.kind));

  it('starts with everything on and seen by everyone, and keeps what is set', async () => {
    const m = await member(app.t.app);
    expect(await prefs(m)).toEqual({
      notifyMessages: true,
      notifyFriendRequests: true,
      notifyLikesComments: true,
      notifyChatInvites: true,
      sound: true,
      browserNotifications: true,
      onlineVisibility: 0,
    });
    const [after] = (await m.ok(api.settings.setPreferences, {
      sound: false,
      browserNotifications: false,
      onlineVisibility: 1,
    })) as Preferences[];
    expect(after).toMatchObject({
      sound: false,
      browserNotifications: false,
      onlineVisibility: 1,
      notifyMessages: true,
    });
    expect(await prefs(m)).toEqual(after);
  });

  it('refuses bad values with a 400 and changes nothing', async () => {
    const m = await member(app.t.app);
    for (const params of [
      { onlineVisibility: 3, sound: false },
      { onlineVisibility: -1 },
      { onlineVisibility: 'friends' },
      { notifyMessages: 'maybe', sound: false },
      { browserNotifications: 'often' },
    ]) {
      const res = await m.call(api.settings.setPreferences, params);
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toBeDefined();
    }
    expect(await prefs(m)).toMatchObject({
      sound: true,
      browserNotifications: true,
      onlineVisibility: 0,
      notifyMessages: true,
    });
    expect((await new Client(app.t.app).call(api.settings.getPreferences)).status).toBe(401);
  });

  it('likes and comments turned off: no stored notice and no push; other members unaffected', async () => {
    const author = await member(app.t.app);
    const fan = await member(app.t.app);
    await author.ok(api.settings.setPreferences, { notifyLikesComments: false });
    const status = await post(author, 'Sin avisos');
    const item = { type: 1, itemId: status.id, authorUserId: author.user.uid };
    expect(await pushesTo(author, () => fan.ok(api.user.like, item))).toEqual([]);
    expect(await notices(author)).toEqual([]);
    // The like itself is kept: only the notice is not.
    expect(await fan.ok(api.profile.getItemLikeCount, item)).toEqual([1]);
    await author.ok(api.settings.setPreferences, { notifyLikesComments: true });
    await fan.ok(api.user.unlike, item);
    expect(await pushesTo(author, () => fan.ok(api.user.like, item))).toEqual(['notification']);
    expect(await notices(author)).toEqual(['like']);
  });

  it('friend requests turned off: the request is stored but not pushed', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    await b.ok(api.settings.setPreferences, { notifyFriendRequests: false });
    expect(
      await pushesTo(b, () => a.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid })),
    ).toEqual([]);
    expect(await b.ok(api.buddy.getFriendshipRequestCount)).toEqual([1]);
  });

  it('messages turned off: mail is delivered to the inbox but not pushed', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    await b.ok(api.settings.setPreferences, { notifyMessages: false });
    const send = () => a.ok(api.messaging.sendOffline, { destId: b.user.uid, message: 'hola' });
    expect(await pushesTo(b, send)).toEqual([]);
    expect(((await b.ok(api.messaging.getOfflineInbox)) as unknown[]).length).toBe(1);
    await b.ok(api.settings.setPreferences, { notifyMessages: true });
    expect(await pushesTo(b, send)).toEqual(['offlineMessage']);
  });

  it('chat invitations turned off: invited (may join) but not pushed', async () => {
    const owner = await member(app.t.app);
    const b = await member(app.t.app);
    await b.ok(api.settings.setPreferences, { notifyChatInvites: false });
    const [room] = (await owner.ok(api.chat.createRoom, {
      name: `Sala ${Date.now() % 1e6}`,
      roomType: 4,
    })) as ChatRoom[];
    const invite = () =>
      owner.ok(api.chat.sendChatInvite, {
        roomId: room.id,
        destinationUserNames: [b.user.name],
        roomName: 'Sala',
        message: 'Ven',
      });
    expect(await pushesTo(b, invite)).toEqual([]);
    expect((await b.call(api.chat.enterRoom, { roomId: room.id })).status).toBe(200);
  });

  it('who sees me online: friends hides it from a stranger, not from a friend; nobody from both', async () => {
    const a = await member(app.t.app);
    const friend = await member(app.t.app);
    const stranger = await member(app.t.app);
    await befriend(a, friend);
    const socket = await openPush(app.baseUrl, { cookie: a.cookieHeader, source: 'Web' });
    await socket.next();
    expect((await userById(stranger, a.user.uid)).onlineSource).toBe('Web');
    await a.ok(api.settings.setPreferences, { onlineVisibility: 1 });
    const seenByStranger = await userById(stranger, a.user.uid);
    expect(seenByStranger.onlineSource).toBeUndefined();
    expect(seenByStranger.lastAccess).toBeUndefined();
    expect((await userById(friend, a.user.uid)).onlineSource).toBe('Web');
    await a.ok(api.settings.setPreferences, { onlineVisibility: 2 });
    expect((await userById(friend, a.user.uid)).onlineSource).toBeUndefined();
    expect(await friend.ok(api.buddy.getNumberFriendsOnline)).toEqual([0]);
    // One's own view still knows.
    expect((await userById(a, a.user.uid)).onlineSource).toBe('Web');
    await socket.close();
  });

  it('who sees me online: nobody sends no online notice to friends', async () => {
    const a = await member(app.t.app);
    const friend = await member(app.t.app);
    await befriend(a, friend);
    await a.ok(api.settings.setPreferences, { onlineVisibility: 2 });
    const theirs = await openPush(app.baseUrl, { cookie: friend.cookieHeader });
    await theirs.next();
    const spy = vi.spyOn(app.t.deps.hub, 'publish');
    const mine = await openPush(app.baseUrl, { cookie: a.cookieHeader });
    await mine.next();
    await new Promise((r) => setTimeout(r, 200));
    const events = spy.mock.calls.map(([, e]) => e.type);
    spy.mockRestore();
    expect(events).not.toContain('buddyOnline');
    await mine.close();
    await theirs.close();
  });

  describe('email change', () => {
    const mailTo = (email: string) => {
      const outbox = path.join(app.t.config.dataDir, 'outbox');
      const mail = fs
        .readdirSync(outbox)
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .find((m) => m.includes(`To: ${email}`));
      return mail
        ?.replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    };
    const emailOf = async (m: Member) => ((await m.ok(api.user.getLoggedInUser)) as User[])[0].email;

    it('applies only after the link mailed to the new address is followed', async () => {
      const m = await member(app.t.app);
      const before = await emailOf(m);
      const email = `nuevo_${m.user.uid}@example.com`;
      expect(await m.ok(api.settings.changeEmail, { email, password: PASSWORD })).toEqual([true]);
      expect(await emailOf(m)).toBe(before);
      expect(await prefs(m)).toMatchObject({ pendingEmail: email });
      // The mail leaves through the durable outbox after commit (effects/outbox.ts).
      await app.t.deps.outbox.flush();
      const mail = mailTo(email)!;
      expect(mail).toMatch(/Subject: Confirma tu nuevo correo de Tertulia/);
      const token = /email-confirm\.jsp\?token=([\w-]+)/.exec(mail)![1];
      expect(await new Client(app.t.app).ok(api.settings.confirmEmail, { token })).toEqual([true]);
      expect(await emailOf(m)).toBe(email);
      expect((await prefs(m)).pendingEmail).toBeUndefined();
      const again = await m.call(api.settings.confirmEmail, { token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('El enlace de confirmación no es válido o ha caducado.');
    });

    it('refuses a bad address, the same address or a wrong password, changing nothing', async () => {
      const m = await member(app.t.app);
      const before = await emailOf(m);
      const bad = await m.call(api.settings.changeEmail, { email: 'no-es-correo', password: PASSWORD });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('El correo electrónico no es válido.');
      const same = await m.call(api.settings.changeEmail, { email: before, password: PASSWORD });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Ese ya es tu correo electrónico.');
      const wrong = await m.call(api.settings.changeEmail, {
        email: 'x@example.com',
        password: 'mala-clave',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('La contraseña no es correcta.');
      expect(await emailOf(m)).toBe(before);
      expect((await prefs(m)).pendingEmail).toBeUndefined();
    });
  });
});
