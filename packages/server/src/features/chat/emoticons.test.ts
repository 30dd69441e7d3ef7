import {
  api,
  type ChatEntry,
  type ChatRoom,
  type Emoticon,
  EmoticonCodepoint,
  type User,
} from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member } from '../../../tests/_util';
import { loadEmoticonArt } from './emoticon-art';

const NAMES = Object.keys(EmoticonCodepoint);
const THEMES = ['default', 'clasico', 'contorno'];

describe('emoticon artwork', () => {
  it('finds an image for every shortcode in every theme, each named by its content', () => {
    const art = loadEmoticonArt();
    expect(art.themes).toEqual(THEMES);
    for (const theme of THEMES) {
      const list = art.list(theme as never);
      expect(list.map((e) => e.name)).toEqual(NAMES);
      for (const e of list) {
        const file = e.image!.split('/').pop()!;
        expect(art.file(theme, file)?.toString()).toContain('<svg');
      }
    }
    // Three artwork sets: the same emoticon is a different image in each.
    const smiles = THEMES.map((theme) =>
      art
        .list(theme as never)[0]
        .image!.split('.')
        .at(-2),
    );
    expect(new Set(smiles).size).toBe(3);
  });
});

describe.each(dialects)('emoticons on $name', (dialect) => {
  const app = listeningApp(dialect);
  const get = (url: string) => app.t.app.inject({ method: 'GET', url });

  it('lists each theme’s emoticons, and every image listed answers, cached for good', async () => {
    const a = await member(app.t.app);
    for (const path of THEMES) {
      const list = (await a.ok(api.chat.getPossibleEmoticons, { path })) as Emoticon[];
      expect(list.map((e) => e.name)).toEqual(NAMES);
      for (const e of list) {
        expect(e.path).toBe(path);
        expect(e.image).toMatch(new RegExp(`^/img/emoticons/${path}/${e.name}\\.[0-9a-f]{10}\\.svg$`));
        const res = await get(e.image!);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/svg+xml');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.body).toContain('<svg');
      }
    }
    // Without a path: the caller's theme, the default one until they choose.
    const own = (await a.ok(api.chat.getPossibleEmoticons)) as Emoticon[];
    expect(own.every((e) => e.path === 'default')).toBe(true);
  });

  it('serves only the images it lists', async () => {
    const a = await member(app.t.app);
    const [smile] = (await a.ok(api.chat.getPossibleEmoticons)) as Emoticon[];
    const stale = smile.image!.replace(/\.[0-9a-f]{10}\.svg$/, '.0000000000.svg');
    expect((await get(stale)).statusCode).toBe(404);
    expect((await get('/img/emoticons/default/1f642.svg')).statusCode).toBe(404);
    expect((await get('/img/emoticons/nope/smile.svg')).statusCode).toBe(404);
    expect((await get('/img/emoticons/default/..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });

  it('keeps the chosen theme: on the member’s User, their lines, and their list; refuses others', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    const emoticonOf = async (viewer: Client, uid: number) =>
      ((await viewer.ok(api.people.getUserById, { userId: uid })) as User[])[0].emoticon;
    expect(await emoticonOf(b, a.user.uid)).toBe('default');

    const refused = await a.call(api.chat.setEmoticonPath, { path: 'animado' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Elige uno de los temas de emoticonos ofrecidos.');
    b.cookies.set('locale', 'en');
    const english = await b.call(api.chat.setEmoticonPath, { path: 'nope' });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('Choose one of the emoticon themes offered.');
    expect((await a.call(api.chat.getPossibleEmoticons, { path: 'nope' })).status).toBe(400);
    expect(await emoticonOf(b, a.user.uid)).toBe('default');
    expect((await new Client(app.t.app).call(api.chat.setEmoticonPath, { path: 'clasico' })).status).toBe(
      401,
    );

    await a.ok(api.chat.setEmoticonPath, { path: 'contorno' });
    expect(await emoticonOf(b, a.user.uid)).toBe('contorno');
    expect(((await a.ok(api.user.getSessionUser)) as User[])[0].emoticon).toBe('contorno');
    expect(
      ((await a.ok(api.chat.getPossibleEmoticons)) as Emoticon[]).every((e) => e.path === 'contorno'),
    ).toBe(true);
    const [room] = (await a.ok(api.chat.createRoom, {
      name: `Sala ${Date.now()}`,
      roomType: 2,
    })) as ChatRoom[];
    await a.ok(api.chat.enterRoom, { roomId: room.id });
    const [line] = (await a.ok(api.chat.sendMessage, {
      roomId: room.id,
      message: 'hola :smile:',
    })) as ChatEntry[];
    expect(line.emoticonPath).toBe('contorno');
    // Another member's theme is theirs alone.
    expect(await emoticonOf(a, b.user.uid)).toBe('default');
  });
});
