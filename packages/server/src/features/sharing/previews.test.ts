import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, type ChatRoom, type UserStatus } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, type TestApp, testApp } from '../../../tests/_util';

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
});
