import { api, type Conversation, EXPORT_DATA_PATH, PushClose, type User } from '@tertulia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { Client, dialects, listeningApp, member, PASSWORD } from '../../../tests/_util';
import { openPush, within } from '../../../tests/flows/_push';
import { originalName } from '../../media/keys';
import { mediaStoreFor } from '../../media/storage';
import { jpegWithExif, keyOf, uploadPhoto } from '../../media/test-support';
import { DELETE_GRACE_MS, purgeDeletedAccounts } from './deletion';

type Member = Awaited<ReturnType<typeof member>>;
type SearchResult = { searchResults: User[]; totalNumberResults: number };

/** The entries of a ZIP answer: name -> bytes. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(dialects)('account deletion and export on $name', (dialect) => {
  const app = listeningApp(dialect);
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await jpegWithExif(300, 200);
  });

  async function friends(a: Member, b: Member) {
    const [id] = (await a.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid })) as number[];
    await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });
  }
  const searchIds = async (viewer: Member, name: string) =>
    ((await viewer.ok(api.people.findUsersByName, { name })) as SearchResult[])[0].searchResults.map(
      (u) => u.uid,
    );
  const buddyIds = async (viewer: Member) =>
    ((await viewer.ok(api.buddy.getBuddies)) as User[]).map((u) => u.uid);
  const conversationPartners = async (viewer: Member) =>
    ((await viewer.ok(api.messaging.getUserConversations)) as Conversation[]).flatMap((c) =>
      (c.users ?? []).map((u) => u.uid),
    );
  const login = (name: string, password = PASSWORD) =>
    new Client(app.t.app, '10.7.7.7').call(api.profile.login, { name, password });

  /** A member with a friend who searched, befriended and wrote to them. */
  async function pair() {
    const gone = await member(app.t.app);
    const friend = await member(app.t.app);
    await friends(gone, friend);
    await gone.ok(api.messaging.send, { targetIds: [friend.user.uid], message: 'Hola, soy yo' });
    expect(await searchIds(friend, gone.user.name)).toEqual([gone.user.uid]);
    expect(await buddyIds(friend)).toContain(gone.user.uid);
    expect(await conversationPartners(friend)).toContain(gone.user.uid);
    return { gone, friend };
  }

  it('refuses a wrong password and changes nothing', async () => {
    const { gone, friend } = await pair();
    const res = await gone.call(api.profile.deleteAccount, { password: 'no-es-esta' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La contraseña no es correcta.');
    expect((await gone.call(api.user.getLoggedInUser)).status).toBe(200);
    expect(await searchIds(friend, gone.user.name)).toEqual([gone.user.uid]);
  });

  it('hides the member from search, friend lists and conversations at once, and ends their sessions', async () => {
    const { gone, friend } = await pair();
    const socket = await openPush(app.baseUrl, { cookie: gone.cookieHeader });
    expect((await socket.next()).type).toBe('hello');
    expect(await gone.ok(api.profile.deleteAccount, { password: PASSWORD })).toEqual([true]);
    expect((await within(socket.closed, 2000, 'the deleted member’s socket')).code).toBe(
      PushClose.sessionEnded,
    );
    expect((await gone.call(api.user.getLoggedInUser)).status).toBe(401);
    expect(await searchIds(friend, gone.user.name)).toEqual([]);
    expect(await buddyIds(friend)).not.toContain(gone.user.uid);
    expect(await conversationPartners(friend)).not.toContain(gone.user.uid);
    expect((await friend.call(api.people.getUserById, { userId: gone.user.uid })).status).toBe(404);
  });

  it('restores the account when the member logs in during the grace period, and says so', async () => {
    const { gone, friend } = await pair();
    await gone.ok(api.profile.deleteAccount, { password: PASSWORD });
    const back = await login(gone.user.name);
    expect(back.status).toBe(200);
    expect((back.body.User as User[])[0]).toMatchObject({ uid: gone.user.uid, accountRestored: true });
    expect(await searchIds(friend, gone.user.name)).toEqual([gone.user.uid]);
    expect(await buddyIds(friend)).toContain(gone.user.uid);
    const row = await app.t.deps.db
      .selectFrom('users')
      .select(['deleted_at', 'banned_at'])
      .where('id', '=', gone.user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_at: 0, banned_at: 0 });
  });

  it('does not lift a ban that came after the deletion', async () => {
    const { gone } = await pair();
    await gone.ok(api.profile.deleteAccount, { password: PASSWORD });
    await app.setUser(gone.user.uid, { banned_at: Date.now() + 1000 });
    const res = await login(gone.user.name);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Tu cuenta ha sido suspendida por incumplir las normas de la comunidad.');
  });

  it('purges the data after the grace period, not before', async () => {
    const { gone, friend } = await pair();
    const upload = await uploadPhoto(gone, { name: 'f.jpg', type: 'image/jpeg', data: jpeg });
    const key = keyOf((upload.body.Photo as { origImage1: string }[])[0].origImage1);
    const media = mediaStoreFor(app.t.config);
    expect(await media.has(originalName(key))).toBe(true);
    await gone.ok(api.profile.deleteAccount, { password: PASSWORD });
    const deletedAt = Date.now();
    const userRow = () =>
      app.t.deps.db.selectFrom('users').select('id').where('id', '=', gone.user.uid).executeTakeFirst();

    await purgeDeletedAccounts(app.t.deps, deletedAt + DELETE_GRACE_MS - 60_000);
    expect(await userRow()).toBeDefined();
    expect(await media.has(originalName(key))).toBe(true);

    expect(
      await purgeDeletedAccounts(app.t.deps, deletedAt + DELETE_GRACE_MS + 60_000),
    ).toBeGreaterThanOrEqual(1);
    expect(await userRow()).toBeUndefined();
    expect(await media.has(originalName(key))).toBe(false);
    const messages = await app.t.deps.db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', gone.user.uid)
      .execute();
    expect(messages).toEqual([]);
    expect((await login(gone.user.name)).status).toBe(401);
    expect(await buddyIds(friend)).toEqual([]);
  });

  describe('data export', () => {
    const download = (client: Client) =>
      app.t.app.inject({ method: 'GET', url: EXPORT_DATA_PATH, headers: { cookie: client.cookieHeader } });

    it('answers a ZIP with the profile, photos, messages written and statuses', async () => {
      const m = await member(app.t.app);
      const friend = await member(app.t.app);
      await m.ok(api.messaging.send, { targetIds: [friend.user.uid], message: 'Mensaje para exportar' });
      await friend.ok(api.messaging.send, { targetIds: [m.user.uid], message: 'No es mío' });
      await m.ok(api.user.updateStatus, { newStatus: 'Mi estado' });
      const upload = await uploadPhoto(m, { name: 'f.jpg', type: 'image/jpeg', data: jpeg });
      const key = keyOf((upload.body.Photo as { origImage1: string }[])[0].origImage1);

      const res = await download(m);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tertulia-\d+-[\d-]+\.zip"$/);
      const files = await unzip(res.rawPayload);
      const profile = JSON.parse(files.get('profile.json')!.toString());
      expect(profile).toMatchObject({
        uid: m.user.uid,
        name: m.user.name,
        email: `${m.user.name}@example.org`,
      });
      expect(profile.password_hash).toBeUndefined();
      const messages = JSON.parse(files.get('messages.json')!.toString()) as { content: string }[];
      expect(messages.map((x) => x.content)).toEqual(['Mensaje para exportar']);
      const statuses = JSON.parse(files.get('statuses.json')!.toString()) as { text: string }[];
      expect(statuses.map((x) => x.text)).toEqual(['Mi estado']);
      const photo = [...files.keys()].find((name) => name.startsWith('photos/') && name.endsWith(key));
      expect(photo).toBeDefined();
      expect(files.get(photo!)!.equals((await mediaStoreFor(app.t.config).get(originalName(key)))!)).toBe(
        true,
      );
    });

    it('requires login', async () => {
      const res = await download(new Client(app.t.app));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Inicia sesión para continuar');
    });
  });
});
