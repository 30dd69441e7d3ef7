import fs from 'node:fs';
import path from 'node:path';
import { api, type User } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member, PASSWORD } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';
import { checkerboard, keyOf, uploadPhoto } from '../../media/test-support';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('people on $name', (dialect) => {
  const app = listeningApp(dialect);

  const set = app.setUser;
  const userById = async (viewer: Member, userId: number) =>
    ((await viewer.ok(api.people.getUserById, { userId })) as User[])[0];
  const befriend = (a: number, b: number) =>
    app.t.deps.db
      .insertInto('friendships')
      .values([
        { user_id: a, friend_id: b, created_at: 1 },
        { user_id: b, friend_id: a, created_at: 1 },
      ])
      .execute();

  describe('profile', () => {
    it('edits every member field and shows them to others', async () => {
      const a = await member(app.t.app);
      const partner = await member(app.t.app);
      const [self] = (await a.ok(api.people.updateProfile, {
        firstName: ' Ana ',
        lastName: 'García',
        about: 'Me gusta el **cine**',
        education: 4,
        ethnicity: 2,
        children: 2,
        lookingFor: 3,
        relationshipStatus: 2,
        relationshipPartnerId: partner.user.uid,
        sexualOrientation: 1,
        externalLinks: 'https://example.org/ana',
        imPermission: 1,
        willAcceptVideoCall: 'true',
        country: 'España',
        state: 'Madrid',
        city: 'Madrid',
        postalCode: '28004',
      })) as User[];
      expect(self).toMatchObject({ firstName: 'Ana', city: 'Madrid', from: 'Madrid, Madrid, España' });
      expect(self).toMatchObject({
        relationshipPartnerId: partner.user.uid,
        relationshipPartnerConfirmed: false,
      });
      const b = await member(app.t.app);
      // The partner shows once the partner confirmed (relationship.test.ts has the rules).
      expect((await userById(b, a.user.uid)).relationshipPartnerId).toBeUndefined();
      await partner.ok(api.people.answerRelationship, { userId: a.user.uid, accept: true });
      const seen = await userById(b, a.user.uid);
      expect(seen).toMatchObject({
        uid: a.user.uid,
        firstName: 'Ana',
        lastName: 'García',
        education: 4,
        lookingFor: 3,
        relationshipStatus: 2,
        relationshipPartnerId: partner.user.uid,
        relationshipPartnerName: partner.user.name,
        externalLinks: ['https://example.org/ana'],
        imPermission: 1,
        willAcceptVideoCall: true,
        isFriend: false,
        canInitiateIM: false,
        from: 'Madrid, Madrid, España',
      });
      // Private details stay with their owner.
      expect(seen.email).toBeUndefined();
      expect(seen.postalCode).toBeUndefined();
    });

    it('refuses values outside the enumerations and bad links, changing nothing', async () => {
      const a = await member(app.t.app);
      await a.ok(api.people.updateProfile, { education: 2 });
      const cases: [Record<string, unknown>, string][] = [
        [{ education: 6 }, 'education'],
        [{ children: 5 }, 'children'],
        [{ lookingFor: -2 }, 'lookingFor'],
        [{ ethnicity: 10 }, 'ethnicity'],
        [{ gender: 'x' }, 'gender'],
        [{ imPermission: 3 }, 'imPermission'],
        [{ externalLinks: 'javascript:alert(1)' }, 'externalLinks'],
        [{ relationshipPartnerId: 99999999 }, 'relationshipPartnerId'],
        [{ about: 'x'.repeat(2001) }, 'about'],
      ];
      for (const [params, field] of cases) {
        const res = await a.call(api.people.updateProfile, { ...params, firstName: 'Cambiado' });
        expect(res.status, field).toBe(400);
        expect(res.body.ApiValidationException).toEqual({ field });
      }
      const self = await userById(a, a.user.uid);
      expect(self.education).toBe(2);
      expect(self.firstName).toBeUndefined();
    });

    it('computes isFriend and canInitiateIM for the viewer from the IM permission', async () => {
      const a = await member(app.t.app);
      const friend = await member(app.t.app);
      const stranger = await member(app.t.app);
      await befriend(a.user.uid, friend.user.uid);
      await a.ok(api.people.updateProfile, { imPermission: 1 });
      expect(await userById(friend, a.user.uid)).toMatchObject({ isFriend: true, canInitiateIM: true });
      expect(await userById(stranger, a.user.uid)).toMatchObject({ isFriend: false, canInitiateIM: false });
      await a.ok(api.people.updateProfile, { imPermission: 0 });
      expect((await userById(stranger, a.user.uid)).canInitiateIM).toBe(true);
      await a.ok(api.people.updateProfile, { imPermission: 2 });
      expect((await userById(friend, a.user.uid)).canInitiateIM).toBe(false);
    });

    it('answers 404 for unknown members and requires login', async () => {
      const a = await member(app.t.app);
      const res = await a.call(api.people.getUserById, { userId: 99999999 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Este perfil no existe o no está disponible.');
      expect((await new Client(app.t.app).call(api.people.getUserById, { userId: a.user.uid })).status).toBe(
        401,
      );
    });

    it('stores the font, dismissed tips, pledge, and signs secure links per member', async () => {
      const a = await member(app.t.app);
      expect(await a.ok(api.people.setFont, { font: 'Georgia' })).toEqual([true]);
      expect((await a.call(api.people.setFont, { font: '<script>' })).status).toBe(400);
      await a.ok(api.people.dismissTip, { tipId: 'welcome' });
      await a.ok(api.people.dismissTip, { tipId: 'welcome' });
      let self = ((await a.ok(api.user.getLoggedInUser)) as User[])[0];
      expect(self).toMatchObject({ font: 'Georgia', dismissedTips: ['welcome'], pledged: false });
      await a.ok(api.people.pledge);
      self = ((await a.ok(api.user.getLoggedInUser)) as User[])[0];
      expect(self.pledged).toBe(true);
      const [signed] = (await a.ok(api.people.generateSecureLinkParam, { salt: 'share-1' })) as string[];
      const [again] = (await a.ok(api.people.generateSecureLinkParam, { salt: 'share-1' })) as string[];
      const [other] = (await a.ok(api.people.generateSecureLinkParam, { salt: 'share-2' })) as string[];
      expect(signed).toBe(again);
      expect(signed).not.toBe(other);
      expect(signed.startsWith(`${a.user.uid}.`)).toBe(true);
      const b = await member(app.t.app);
      const [theirs] = (await b.ok(api.people.generateSecureLinkParam, { salt: 'share-1' })) as string[];
      expect(theirs.split('.')[1]).not.toBe(signed.split('.')[1]);
    });
  });

  describe('presence', () => {
    it('shows the online source while a socket is open, and hides invisible members', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      expect((await userById(b, a.user.uid)).onlineSource).toBeUndefined();
      const socket = await openPush(app.baseUrl, { cookie: a.cookieHeader, source: 'Mobile' });
      await socket.next();
      expect((await userById(b, a.user.uid)).onlineSource).toBe('Mobile');
      await set(a.user.uid, { star: 2 });
      await a.ok(api.premium.setOnlineStatus, { status: 1 });
      const seen = await userById(b, a.user.uid);
      expect(seen.onlineSource).toBeUndefined();
      expect(seen.onlineStatus).toBeUndefined();
      expect(seen.lastAccess).toBeUndefined();
      expect((await userById(a, a.user.uid)).onlineStatus).toBe('invisible');
      await socket.close();
    });
  });

  describe('blocks', () => {
    it('hides the blocker from the blocked member everywhere, until unblocked', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await a.ok(api.people.blockUser, { userId: b.user.uid });
      await a.ok(api.people.blockUser, { userId: b.user.uid });
      expect((await b.call(api.people.getUserById, { userId: a.user.uid })).status).toBe(404);
      expect(await userById(a, b.user.uid)).toMatchObject({ isBlocked: true, canInitiateIM: false });
      const found = (await b.ok(api.people.findUsersByName, { name: a.user.name })) as {
        searchResults: User[];
      }[];
      expect(found[0].searchResults).toEqual([]);
      const blocked = (await a.ok(api.people.getBlockedUsers)) as User[];
      expect(blocked.map((u) => u.uid)).toEqual([b.user.uid]);
      await a.ok(api.people.unblockUser, { userId: b.user.uid });
      expect((await b.call(api.people.getUserById, { userId: a.user.uid })).status).toBe(200);
      expect(await a.ok(api.people.getBlockedUsers)).toEqual([]);
    });

    it('refuses blocking oneself or nobody', async () => {
      const a = await member(app.t.app);
      const self = await a.call(api.people.blockUser, { userId: a.user.uid });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('No puedes bloquearte a ti mismo.');
      expect((await a.call(api.people.blockUser, { userId: 99999999 })).status).toBe(404);
    });
  });

  describe('profile visits', () => {
    it('records visits, tells the owner, and shows names only to VIP owners', async () => {
      const owner = await member(app.t.app);
      const visitor = await member(app.t.app);
      const socket = await openPush(app.baseUrl, { cookie: owner.cookieHeader });
      await socket.next();
      expect(await visitor.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid })).toEqual([
        true,
      ]);
      const notice = await socket.next();
      expect(notice).toEqual({ type: 'profileVisit', hasaccess: false });
      // The same visitor again within the window: counted, not notified.
      await visitor.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid });
      expect((await userById(owner, owner.user.uid)).viewCount).toBe(2);

      const [plain] = (await owner.ok(api.people.getProfileVisitors)) as {
        searchResults: { user?: User; time: number }[];
        totalNumberResults: number;
      }[];
      expect(plain.totalNumberResults).toBe(1);
      expect(plain.searchResults[0].user).toBeUndefined();

      await set(owner.user.uid, { star: 2 });
      const [vip] = (await owner.ok(api.people.getProfileVisitors)) as (typeof plain)[];
      expect(vip.searchResults[0].user?.uid).toBe(visitor.user.uid);

      const second = await member(app.t.app);
      await second.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid });
      expect(await socket.next()).toMatchObject({
        type: 'profileVisit',
        hasaccess: true,
        user: { uid: second.user.uid, name: second.user.name },
      });
      await socket.close();
    });

    it('shows non-VIP owners a blurred tile that does not reveal the visitor’s image', async () => {
      const owner = await member(app.t.app);
      const visitor = await member(app.t.app);
      const png = await checkerboard(64, 64).png().toBuffer();
      const upload = await uploadPhoto(
        visitor,
        { name: 'yo.png', type: 'image/png', data: png },
        { setProfilePic: true },
      );
      expect(upload.status).toBe(200);
      const key = keyOf(((await userById(visitor, visitor.user.uid)) as User).image1!);
      await visitor.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid });
      const [visits] = (await owner.ok(api.people.getProfileVisitors)) as {
        searchResults: { blurredImage?: string }[];
      }[];
      const tile = visits.searchResults[0].blurredImage!;
      expect(tile).not.toContain(key);
      const image = await app.t.app.inject({ method: 'GET', url: tile });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      // The sealed tile is always the small blurred square, whatever is asked.
      const bigger = await app.t.app.inject({ method: 'GET', url: `${tile}?w=1200&blur=0` });
      expect(bigger.rawPayload.equals(image.rawPayload)).toBe(true);
      const forged = await app.t.app.inject({ method: 'GET', url: `${tile.slice(0, -4)}AAAA` });
      expect(forged.statusCode).toBe(404);
    });

    it('does not record one’s own visits or visits by members the owner blocked', async () => {
      const owner = await member(app.t.app);
      const pest = await member(app.t.app);
      expect(await owner.ok(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid })).toEqual([
        false,
      ]);
      await owner.ok(api.people.blockUser, { userId: pest.user.uid });
      const res = await pest.call(api.people.updateProfileVisit, { profileOwnerId: owner.user.uid });
      expect(res.status).toBe(404);
      const [visits] = (await owner.ok(api.people.getProfileVisitors)) as { totalNumberResults: number }[];
      expect(visits.totalNumberResults).toBe(0);
    });
  });

  describe('safety', () => {
    it('queues reports for moderators and refuses reporting oneself', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      await a.ok(api.people.reportUser, { reportedUserID: b.user.uid, comment: 'spam', url: '/x' });
      const rows = await app.t.deps.db
        .selectFrom('reports')
        .selectAll()
        .where('reporter_id', '=', a.user.uid)
        .execute();
      expect(rows).toMatchObject([
        { reported_id: b.user.uid, kind: 'user', comment: 'spam', status: 'open' },
      ]);
      const self = await a.call(api.people.reportUser, { reportedUserID: a.user.uid });
      expect(self.body.message).toBe('No puedes denunciarte a ti mismo.');
      expect((await a.call(api.people.reportUser, {})).body.ApiValidationException).toEqual({
        field: 'reportedUserID',
      });
    });

    it('lets only admins ban; a ban ends sessions and sockets at once and refuses login', async () => {
      const admin = await member(app.t.app);
      const target = await member(app.t.app);
      const bystander = await member(app.t.app);
      const denied = await bystander.call(api.people.banUser, { userId: target.user.uid });
      expect(denied.status).toBe(403);
      await set(admin.user.uid, { is_admin: 1 });
      const socket = await openPush(app.baseUrl, { cookie: target.cookieHeader });
      await socket.next();
      expect(await admin.ok(api.people.banUser, { userId: target.user.uid })).toEqual([true]);
      expect((await socket.closed).code).toBe(4403);
      expect((await target.call(api.user.getLoggedInUser)).status).toBe(401);
      const login = await new Client(app.t.app).call(api.profile.login, {
        name: target.user.name,
        password: PASSWORD,
      });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(
        'Tu cuenta está suspendida hasta que el equipo la reactive. Motivo: Incumplir las normas de la comunidad.',
      );
      expect((await bystander.call(api.people.getUserById, { userId: target.user.uid })).status).toBe(404);
      const another = await member(app.t.app);
      await set(another.user.uid, { is_admin: 1 });
      expect((await admin.call(api.people.banUser, { userId: another.user.uid })).status).toBe(403);
    });
  });

  describe('verification', () => {
    it('mails a one-time link that verifies; a second click says it was already verified', async () => {
      const a = await member(app.t.app);
      expect(await a.ok(api.people.sendVerification)).toEqual([true]);
      // The mail leaves through the durable outbox after commit (effects/outbox.ts).
      await app.t.deps.outbox.flush();
      const outbox = path.join(app.t.config.dataDir, 'outbox');
      const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      const mail = mails.find((m) => m.includes(a.user.name))!;
      expect(mail).toMatch(/Subject: Verifica tu cuenta de Tertulia/);
      // The body is quoted-printable: undo soft line breaks and =XX escapes.
      const body = mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
      const token = /profile-verify\.jsp\?token=([\w-]+)/.exec(body)![1];
      const [first] = (await new Client(app.t.app).ok(api.people.verify, { token })) as object[];
      expect(first).toEqual({ alreadyVerified: false, userId: a.user.uid });
      const [second] = (await a.ok(api.people.verify, { token })) as object[];
      expect(second).toEqual({ alreadyVerified: true, userId: a.user.uid });
      expect((await userById(a, a.user.uid)).verified).toBe(true);
      const again = await a.call(api.people.sendVerification);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Tu cuenta ya fue verificada.');
    });

    it('refuses a wrong token with a clear message', async () => {
      const res = await new Client(app.t.app).call(api.people.verify, { token: 'x'.repeat(43) });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('El enlace de verificación no es válido o ha caducado.');
    });
  });
});
