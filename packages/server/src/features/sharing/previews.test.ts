import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, type ChatRoom, type UserStatus } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, type TestApp, testApp } from '../../../tests/_util';
import { checkerboard, uploadPhoto } from '../../media/test-support';

const INDEX =
  '<!doctype html><html><head><title>Tertulia</title></head><body><div id="root"></div></body></html>';

describe.each(dialects)('link previews on $name', (dialect) => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    t = await testApp(dialect, { webDist: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  const og = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<meta property="og:(\w+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );

  it('a public profile, room and status get an Open Graph card, with text escaped', async () => {
    const a = await member(t.app);
    await a.ok(api.people.updateProfile, { about: 'Hola <b>"todos"</b>' });
    const profile = og(await page(`/html/profile-view.jsp?user=${a.user.uid}`));
    expect(profile).toMatchObject({
      title: `${a.user.name} · Tertulia`,
      description: 'Hola &#60;b&#62;&#34;todos&#34;&#60;/b&#62;',
      url: `http://localhost/html/profile-view.jsp?user=${a.user.uid}`,
    });

    const [room] = (await a.ok(api.chat.createRoom, { name: 'Cafe tertulia', roomType: 2 })) as ChatRoom[];
    expect(og(await page(`/chat/room/${room.id}`)).title).toMatch(/· Tertulia$/);

    const [status] = (await a.ok(api.user.updateStatus, { newStatus: 'Buenos días' })) as UserStatus[];
    expect(og(await page(`/feed?status=${status.id}&u=${a.user.uid}`))).toMatchObject({
      description: 'Buenos días',
    });
  });

  it("replacement patterns ($', $`, $&, $$) in a room name or status reach the page as written", async () => {
    const a = await member(t.app);
    const escaped = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const name = "Sala $' y $` y $& y $$";
    const [room] = (await a.ok(api.chat.createRoom, { name, roomType: 2 })) as ChatRoom[];
    const roomPage = await page(`/chat/room/${room.id}`);
    expect(roomPage.match(/<title>([^<]*)<\/title>/)?.[1]).toBe(`${escaped(name)} · Tertulia`);
    // The page around the card stays whole: one head, one body, nothing copied into the tags.
    expect(roomPage.split('<head>')).toHaveLength(2);
    expect(roomPage.split('<div id="root">')).toHaveLength(2);
    const text = "Hoy $' pago $` y $& y $$";
    const [status] = (await a.ok(api.user.updateStatus, { newStatus: text })) as UserStatus[];
    const statusPage = await page(`/feed?status=${status.id}&u=${a.user.uid}`);
    expect(og(statusPage).description).toBe(escaped(text));
    expect(statusPage.split('<div id="root">')).toHaveLength(2);
  });

  it('private, hidden or unknown content gets the plain page: a preview tells no stranger more', async () => {
    const a = await member(t.app);
    await a.ok(api.buddy.setPrivate, { isPrivate: true });
    expect(og(await page(`/html/profile-view.jsp?user=${a.user.uid}`))).toEqual({});
    const b = await member(t.app);
    const [room] = (await b.ok(api.chat.createRoom, { name: 'Sala secreta', roomType: 4 })) as ChatRoom[];
    expect(og(await page(`/chat/room/${room.id}`))).toEqual({});
    const [status] = (await b.ok(api.user.updateStatus, {
      newStatus: 'solo amigos',
      privacy: 2,
    })) as UserStatus[];
    expect(og(await page(`/feed?status=${status.id}&u=${b.user.uid}`))).toEqual({});
    expect(og(await page('/html/profile-view.jsp?user=99999999'))).toEqual({});
    expect(await page('/html/profile-view.jsp?user=abc')).toContain('<div id="root">');
    // Anonymous visitors too: the page itself still loads.
    expect((await new Client(t.app).app.inject({ method: 'GET', url: '/chat/' })).statusCode).toBe(200);
  });

  const photoOf = async (owner: Awaited<ReturnType<typeof member>>, caption: string) => {
    const data = await checkerboard(64, 64).jpeg().toBuffer();
    const res = await uploadPhoto(owner, { name: 'foto.jpg', type: 'image/jpeg', data }, { caption });
    const id = (res.body.Photo as { uid: number }[])[0].uid;
    return { id, url: `/html/album/photoalbum-view.jsp?postid=${id}&u=${owner.user.uid}` };
  };
  const setPhoto = (
    id: number,
    values: Partial<Record<'privacy' | 'backstage' | 'nsfw' | 'quarantine' | 'shareable', number>>,
  ) => t.deps.db.updateTable('photos').set(values).where('id', '=', id).execute();
  /** A story as the video pipeline leaves it (the pipeline itself is tested in features/stories). */
  const storyOf = async (
    authorId: number,
    values: { state?: string; nsfw?: number; expires_at?: number } = {},
  ) => {
    const now = Date.now();
    await t.deps.db
      .insertInto('stories')
      .values({
        author_id: authorId,
        state: 'ready',
        created_at: now,
        expires_at: now + 3_600_000,
        ...values,
      })
      .execute();
    const row = await t.deps.db
      .selectFrom('stories')
      .select('id')
      .where('author_id', '=', authorId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return `/stories?u=${authorId}&s=${row.id}`;
  };

  it('a public photo shows its caption and image; a private, backstage, adult, hidden or unshareable one nothing', async () => {
    const a = await member(t.app);
    const open = await photoOf(a, 'Atardecer en <Cádiz>');
    const card = og(await page(open.url));
    expect(card).toMatchObject({
      title: `Foto de ${a.user.name} · Tertulia`,
      description: 'Atardecer en &#60;Cádiz&#62;',
    });
    expect(card.image).toMatch(/^http:\/\/localhost\//);
    for (const flags of [
      { privacy: 2 },
      { privacy: 3 },
      { backstage: 1 },
      { nsfw: 1 },
      { quarantine: 1 },
      { shareable: 0 },
    ]) {
      const hidden = await photoOf(a, 'oculta');
      await setPhoto(hidden.id, flags);
      expect(og(await page(hidden.url)), JSON.stringify(flags)).toEqual({});
    }
    // The same public photo of a member who then made their profile private: no card.
    await a.ok(api.buddy.setPrivate, { isPrivate: true });
    expect(og(await page(open.url))).toEqual({});
  });

  it('a story says whose it is (never its frame) while up; an adult, expired or private one nothing', async () => {
    const a = await member(t.app);
    const card = og(await page(await storyOf(a.user.uid)));
    expect(card).toMatchObject({
      title: `Historia de ${a.user.name} · Tertulia`,
      description: `Entra en Tertulia para ver la historia de ${a.user.name}.`,
    });
    expect(og(await page(await storyOf(a.user.uid, { nsfw: 1 })))).toEqual({});
    expect(og(await page(await storyOf(a.user.uid, { expires_at: Date.now() - 1 })))).toEqual({});
    expect(og(await page(await storyOf(a.user.uid, { state: 'processing' })))).toEqual({});
    const shy = await member(t.app);
    await shy.ok(api.buddy.setPrivate, { isPrivate: true });
    expect(og(await page(await storyOf(shy.user.uid)))).toEqual({});
    expect(og(await page('/stories?u=1&s=99999999'))).toEqual({});
  });

  it('a broadcast link has a card only while a public member is on air', async () => {
    const [a, shy] = [await member(t.app), await member(t.app)];
    expect(og(await page(`/live?u=${a.user.uid}`))).toEqual({});
    await a.ok(api.live.startBroadcast);
    expect(og(await page(`/live?u=${a.user.uid}`)).title).toBe(`${a.user.name} está en directo · Tertulia`);
    await shy.ok(api.buddy.setPrivate, { isPrivate: true });
    await shy.ok(api.live.startBroadcast);
    expect(og(await page(`/live?u=${shy.user.uid}`))).toEqual({});
    await a.ok(api.live.endBroadcast);
    expect(og(await page(`/live?u=${a.user.uid}`))).toEqual({});
  });
});
