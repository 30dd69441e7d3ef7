import fs from 'node:fs';
import path from 'node:path';
import { api, type Conversation } from '@tertulia/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, postForm } from '../../tests/_multipart';
import { Client, dialects, member, registration, testApp } from '../../tests/_util';
import { checkerboard } from '../media/test-support';
import { installErrorHandler } from './errors-handler';

const MB = 1024 * 1024;

describe.each(dialects)('uploads and hostile input on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let m: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    m = await member(t.app);
  });
  afterAll(() => t.close());

  /** Temporary upload files left on disk (none may survive a request). */
  const leftovers = () => {
    const dir = path.join(t.config.dataDir, 'tmp', 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const photos = async () =>
    (
      await t.deps.db
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('stores an image streamed to disk and removes the temporary file', async () => {
    const image = await checkerboard(40, 30).jpeg().toBuffer();
    const res = await postForm(m, api.album.uploadPhoto, await formBody({}, { image: { data: image } }));
    expect(res.status).toBe(200);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a file over the call’s limit (images 15 MB) in Spanish, leaving no temporary file', async () => {
    const before = await photos();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(30 * MB)]);
    const res = await postForm(m, api.album.uploadPhoto, await formBody({}, { image: { data: jpeg } }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'La imagen es demasiado grande: como máximo 15 MB.',
      ApiPayloadTooLargeException: { field: 'image' },
    });
    expect(leftovers()).toEqual([]);
    expect(await photos()).toBe(before);
  });

  it('refuses a file part sent to a call that takes none, or under a field that is not a file', async () => {
    const file = { data: Buffer.from('hola') };
    const font = await postForm(m, api.people.setFont, await formBody({ font: 'Arial' }, { font: file }));
    expect(font.status).toBe(400);
    expect(font.body.message).toBe('Aquí no se puede enviar un archivo.');
    const other = await postForm(m, api.album.uploadPhoto, await formBody({}, { caption: file }));
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      message: 'Aquí no se puede enviar un archivo.',
      ApiValidationException: { field: 'caption' },
    });
    expect(leftovers()).toEqual([]);
  });

  it('answers a truncated multipart body with a 400, leaving no temporary file', async () => {
    const image = await checkerboard(200, 200).png().toBuffer();
    const body = await formBody({ caption: 'cortada' }, { image: { data: image } });
    for (const cut of [body.payload.length - 10, Math.floor(body.payload.length / 2), 30]) {
      const res = await postForm(m, api.album.uploadPhoto, body, cut);
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'body' });
    }
    const text = await formBody({ font: 'Arial' });
    const res = await postForm(m, api.people.setFont, text, text.payload.length - 5);
    expect(res.status).toBe(400);
    expect(leftovers()).toEqual([]);
  });

  it('takes a file only as a file part: JSON, form text or a string in its place is a 400', async () => {
    const b = await member(t.app);
    const [conv] = (await m.ok(api.messaging.send, {
      targetIds: [b.user.uid],
      message: 'hola',
    })) as Conversation[];
    const fake = { filename: 'a.wav', mimetype: 'audio/wav', path: '/etc/passwd', size: 10, data: [1] };
    for (const file of [fake, {}, 'RIFF', [1, 2]]) {
      const res = await m.call(api.messaging.sendVoiceMessage, { conversationId: conv.conversationId, file });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Revisa la grabación: debe ser un archivo.',
        ApiValidationException: { field: 'file' },
      });
    }
    const text = await formBody({ conversationId: conv.conversationId, file: 'RIFF....WAVE' });
    const res = await postForm(m, api.messaging.sendVoiceMessage, text);
    expect(res.status).toBe(400);
    expect(res.body.ApiValidationException).toEqual({ field: 'file' });
    expect(leftovers()).toEqual([]);
  });

  it('bounds every number: huge pages, ids and ages are a 400', async () => {
    for (const page of ['1e20', '99999999999', '10001', '-1', '1.5']) {
      const res = await m.call(api.messaging.getUserConversations, { page });
      expect(res.status, page).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'page' });
    }
    const age = await m.call(api.people.getAdvancedUserSearch, { minAge: 1e9 });
    expect(age.status).toBe(400);
    expect(age.body).toEqual({
      message: 'Revisa la edad mínima: el valor es demasiado alto.',
      ApiValidationException: { field: 'minAge' },
    });
    const id = await m.call(api.people.getUserById, { userId: 2 ** 31 });
    expect(id.status).toBe(400);
  });

  it('refuses text holding a NUL byte', async () => {
    const res = await m.call(api.people.setFont, { font: 'Ari\u0000al' });
    expect(res.status).toBe(400);
    expect(res.body.ApiValidationException).toEqual({ field: 'font' });
  });

  it('refuses an absurd birthday year from an anonymous visitor, in the visitor’s language', async () => {
    const visitor = new Client(t.app);
    const before = await t.deps.db.selectFrom('users').select('id').execute();
    const es = await visitor.call(api.profile.register, registration(undefined, { birthdayYear: 1e9 }));
    expect(es.status).toBe(400);
    expect(es.body.ApiValidationException).toEqual({ field: 'birthdayYear' });
    const en = await visitor.call(api.profile.register, registration(undefined, { birthdayYear: 1e9 }), {
      cookie: 'locale=en',
    });
    expect(en.status).toBe(400);
    expect(en.body.message).toMatch(/is too large/);
    expect(await t.deps.db.selectFrom('users').select('id').execute()).toEqual(before);
  });
});

describe('driver errors', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandler(app, (request) => (request.headers['accept-language'] === 'en' ? 'en' : 'es'));
    app.get('/range', () => {
      throw new RangeError('The bound value is out of range');
    });
    app.get('/pg', () => {
      throw Object.assign(new Error('value "99999999999" is out of range for type integer'), {
        code: '22003',
      });
    });
    app.get('/bug', () => {
      throw Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('maps values the database refuses to a 400 in the member’s language, and bugs to a plain 500', async () => {
    const range = await app.inject({ url: '/range' });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({
      message: 'Revisa los datos enviados: algún valor no es válido.',
      ApiValidationException: { field: 'params' },
    });
    const pg = await app.inject({ url: '/pg', headers: { 'accept-language': 'en' } });
    expect(pg.statusCode).toBe(400);
    expect(pg.json().message).toBe('Some value you sent is not valid.');
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({
      message: 'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.',
      ApiInternalException: {},
    });
    expect(bug.body).not.toContain('relation');
  });
});
