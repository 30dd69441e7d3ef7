import { api, PushClose, type Session } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member, PASSWORD } from '../../../tests/_util';
import { openPush, type PushSocket, within } from '../../../tests/flows/_push';

type Member = Awaited<ReturnType<typeof member>>;
const NEW_PASSWORD = 'otra-contraseña-larga';

describe.each(dialects)('sessions, password and sockets on $name', (dialect) => {
  const app = listeningApp(dialect);

  /** The member signed in a second time (another browser), with its own cookie. */
  async function secondSession(m: Member, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0') {
    const other = new Client(m.app, '10.9.9.9');
    const res = await other.call(
      api.profile.login,
      { name: m.user.name, password: PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(res.status).toBe(200);
    return other;
  }
  async function socketOf(client: Client): Promise<PushSocket> {
    const socket = await openPush(app.baseUrl, { cookie: client.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    return socket;
  }
  const notify = (uid: number, text: string) =>
    app.t.deps.hub.publish([uid], { type: 'notification', id: 1, kind: 'test', text });
  const isOpen = (socket: PushSocket) => socket.ws.readyState === socket.ws.OPEN;
  const loginWith = (name: string, password: string) =>
    new Client(app.t.app, '10.3.3.3').call(api.profile.login, { name, password });

  describe('logout', () => {
    it('closes only that session’s socket; a message sent afterwards reaches the other session only', async () => {
      const m = await member(app.t.app);
      const other = await secondSession(m);
      const [mine, theirs] = [await socketOf(m), await socketOf(other)];
      await m.ok(api.profile.logout);
      expect(await within(mine.closed, 2000, 'the logged-out socket to close')).toMatchObject({
        code: PushClose.sessionEnded,
      });
      await notify(m.user.uid, 'después de salir');
      expect(await theirs.next()).toMatchObject({ type: 'notification', text: 'después de salir' });
      expect(isOpen(theirs)).toBe(true);
      expect((await other.call(api.user.getLoggedInUser)).status).toBe(200);
      await theirs.close();
    });
  });

  describe('profile/changePassword.do', () => {
    it('refuses a wrong current password with a clear 400 and changes nothing', async () => {
      const m = await member(app.t.app);
      const other = await secondSession(m);
      const theirs = await socketOf(other);
      const res = await m.call(api.profile.changePassword, {
        currentPassword: 'no-es-la-buena',
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('La contraseña actual no es correcta. No se ha cambiado nada.');
      expect(res.body.ApiValidationException).toEqual({ field: 'currentPassword' });
      m.cookies.set('locale', 'en');
      const en = await m.call(api.profile.changePassword, {
        currentPassword: 'no-es-la-buena',
        newPassword: NEW_PASSWORD,
      });
      expect(en.body.message).toBe('The current password is not correct. Nothing was changed.');
      expect((await loginWith(m.user.name, PASSWORD)).status).toBe(200);
      expect((await loginWith(m.user.name, NEW_PASSWORD)).status).toBe(401);
      expect((await other.call(api.user.getLoggedInUser)).status).toBe(200);
      expect(isOpen(theirs)).toBe(true);
      await theirs.close();
    });

    it('checks the new password like sign-up does', async () => {
      const m = await member(app.t.app);
      const res = await m.call(api.profile.changePassword, {
        currentPassword: PASSWORD,
        newPassword: 'corta',
      });
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'newPassword' });
      expect(res.body.message).toBe('La contraseña debe tener al menos 8 caracteres.');
      expect((await loginWith(m.user.name, PASSWORD)).status).toBe(200);
    });

    it('ends every other session and closes its sockets; this session keeps working', async () => {
      const m = await member(app.t.app);
      const other = await secondSession(m);
      const [mine, theirs] = [await socketOf(m), await socketOf(other)];
      await m.ok(api.profile.changePassword, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(await within(theirs.closed, 2000, 'the other session’s socket')).toMatchObject({
        code: PushClose.sessionEnded,
      });
      expect((await other.call(api.user.getLoggedInUser)).status).toBe(401);
      await notify(m.user.uid, 'sigo aquí');
      expect(await mine.next()).toMatchObject({ type: 'notification', text: 'sigo aquí' });
      expect((await m.call(api.user.getLoggedInUser)).status).toBe(200);
      expect((await loginWith(m.user.name, PASSWORD)).status).toBe(401);
      expect((await loginWith(m.user.name, NEW_PASSWORD)).status).toBe(200);
      await mine.close();
    });

    it('requires login', async () => {
      const res = await new Client(app.t.app).call(api.profile.changePassword, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(401);
    });
  });

  describe('the sessions list', () => {
    it('lists the member’s sessions with device, address and the current one, without token hashes', async () => {
      const m = await member(app.t.app);
      await secondSession(m, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36');
      const sessions = (await m.ok(api.profile.getSessions)) as Session[];
      expect(sessions).toHaveLength(2);
      const current = sessions.find((s) => s.current)!;
      const other = sessions.find((s) => !s.current)!;
      expect(other).toMatchObject({ device: 'Chrome · Windows', address: '10.9.9.9' });
      expect(other.created).toBeGreaterThan(Date.now() - 60_000);
      expect(other.lastSeen).toBeGreaterThanOrEqual(other.created);
      expect(current.address).toBe('127.0.0.1');
      const hashes = await app.t.deps.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', m.user.uid)
        .execute();
      for (const { id_hash } of hashes)
        for (const s of sessions) expect(id_hash.startsWith(s.id)).toBe(false);
    });

    it('ends one session by its id: its socket closes, the others stay', async () => {
      const m = await member(app.t.app);
      const other = await secondSession(m);
      const [mine, theirs] = [await socketOf(m), await socketOf(other)];
      const sessions = (await m.ok(api.profile.getSessions)) as Session[];
      const target = sessions.find((s) => !s.current)!;
      expect(await m.ok(api.profile.endSession, { sessionId: target.id })).toEqual([true]);
      expect((await within(theirs.closed, 2000, 'the ended session’s socket')).code).toBe(
        PushClose.sessionEnded,
      );
      expect((await other.call(api.user.getLoggedInUser)).status).toBe(401);
      expect(isOpen(mine)).toBe(true);
      const again = await m.call(api.profile.endSession, { sessionId: target.id });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Esa sesión ya no está abierta.');
      // Another member's session id is not found either.
      const stranger = await member(app.t.app);
      const [theirsToo] = (await stranger.ok(api.profile.getSessions)) as Session[];
      expect((await m.call(api.profile.endSession, { sessionId: theirsToo.id })).status).toBe(404);
      expect((await stranger.call(api.user.getLoggedInUser)).status).toBe(200);
      await mine.close();
    });

    it('ends the other sessions ("cerrar las demás sesiones")', async () => {
      const m = await member(app.t.app);
      const others = [await secondSession(m), await secondSession(m)];
      const sockets = [await socketOf(others[0]), await socketOf(others[1])];
      const mine = await socketOf(m);
      expect(await m.ok(api.profile.endOtherSessions)).toEqual([2]);
      for (const s of sockets)
        expect((await within(s.closed, 2000, 'a socket')).code).toBe(PushClose.sessionEnded);
      for (const o of others) expect((await o.call(api.user.getLoggedInUser)).status).toBe(401);
      expect((await m.ok(api.profile.getSessions)) as Session[]).toMatchObject([{ current: true }]);
      expect(isOpen(mine)).toBe(true);
      await mine.close();
    });
  });

  describe('sockets of sessions that end without a message', () => {
    it('closes a socket whose session expired or was deleted', async () => {
      const m = await member(app.t.app);
      const other = await secondSession(m);
      const [mine, theirs] = [await socketOf(m), await socketOf(other)];
      await app.t.deps.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', m.user.uid)
        .where('address', '=', '10.9.9.9')
        .execute();
      await app.t.deps.hub.checkSessions();
      expect((await within(theirs.closed, 2000, 'the expired session’s socket')).code).toBe(
        PushClose.sessionEnded,
      );
      expect(isOpen(mine)).toBe(true);
      await app.t.deps.db.deleteFrom('sessions').where('user_id', '=', m.user.uid).execute();
      await app.t.deps.hub.checkSessions();
      expect((await within(mine.closed, 2000, 'the deleted session’s socket')).code).toBe(
        PushClose.sessionEnded,
      );
    });
  });

  describe('bans', () => {
    it('close every session and socket of the banned member at once', async () => {
      const admin = await member(app.t.app);
      await app.setUser(admin.user.uid, { is_admin: 1 });
      const m = await member(app.t.app);
      const other = await secondSession(m);
      const sockets = [await socketOf(m), await socketOf(other)];
      await admin.ok(api.people.banUser, { userId: m.user.uid });
      for (const s of sockets)
        expect((await within(s.closed, 2000, 'a banned socket')).code).toBe(PushClose.sessionEnded);
      for (const c of [m, other]) expect((await c.call(api.user.getLoggedInUser)).status).toBe(401);
      const again = await loginWith(m.user.name, PASSWORD);
      expect(again.status).toBe(403);
    });
  });
});
