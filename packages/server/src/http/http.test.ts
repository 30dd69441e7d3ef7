import { API_PREFIX, allEndpoints, api, errorKindOf } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, registration, testApp } from '../../tests/_util';

describe.each(dialects)('HTTP platform on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    // A handler that fails in an unexpected way, to see what a client gets.
    t.app.get('/servlet/api/test/boom.do', async () => {
      throw new Error('secret internals: password=hunter2');
    });
  });
  afterAll(() => t.close());

  describe('envelopes', () => {
    it('answers success as lists keyed by entity type', async () => {
      const m = await member(t.app);
      const res = await m.call(api.user.getLoggedInUser);
      expect(Object.keys(res.body)).toEqual(['User']);
      expect(Array.isArray(res.body.User)).toBe(true);
      expect(await m.ok(api.premium.setOnlineStatus, { status: 0 })).toEqual([true]);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers errors with a message and exactly one key ending in Exception', async () => {
      const res = await new Client(t.app).call(api.user.getLoggedInUser);
      expect(res.status).toBe(401);
      expect(Object.keys(res.body).filter((k) => k.endsWith('Exception'))).toEqual([
        'ApiLoginRequiredException',
      ]);
      expect(errorKindOf(res.body)).toBe('ApiLoginRequiredException');
    });

    it('turns unknown errors into ApiInternalException with the default text and no internals', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/servlet/api/test/boom.do' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: 'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.',
        ApiInternalException: {},
      });
      expect(res.body).not.toMatch(/hunter2|stack|Error/);
      const en = await t.app.inject({
        method: 'GET',
        url: '/servlet/api/test/boom.do',
        headers: { cookie: 'locale=en' },
      });
      expect(en.json().message).toMatch(/^Something went wrong/);
    });

    it('answers unknown API paths with a 404 envelope', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/servlet/api/nope/nothing.do' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No encontramos lo que buscas.', ApiNotFoundException: {} });
    });

    it('answers malformed JSON and oversized bodies with a clear 4xx, not a 500', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: api.profile.login.path,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().ApiValidationException).toEqual({ field: 'body' });
      const huge = await t.app.inject({
        method: 'POST',
        url: api.profile.login.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({
        message: 'El archivo o los datos enviados son demasiado grandes.',
        ApiPayloadTooLargeException: {},
      });
    });
  });

  describe('parameters', () => {
    it('accepts form, JSON and multipart bodies alike', async () => {
      const form = await t.app.inject({
        method: 'POST',
        url: api.profile.register.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(
          Object.entries(registration()).map(([k, v]) => [k, String(v)]),
        ).toString(),
      });
      expect(form.statusCode).toBe(200);
      const json = await t.app.inject({
        method: 'POST',
        url: api.profile.register.path,
        payload: registration(),
      });
      expect(json.statusCode).toBe(200);
      const data = new FormData();
      for (const [k, v] of Object.entries(registration())) data.append(k, String(v));
      const request = new Request('http://x/', { method: 'POST', body: data });
      const multipart = await t.app.inject({
        method: 'POST',
        url: api.profile.register.path,
        headers: { 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(multipart.statusCode).toBe(200);
    });

    it('reads booleans as true/false/1/0 and rejects anything else', async () => {
      const m = await member(t.app);
      for (const rememberMe of ['true', 'false', '1', '0']) {
        const res = await new Client(t.app).call(api.profile.login, {
          name: m.user.name,
          password: 'contraseña-segura',
          rememberMe,
        });
        expect(res.status).toBe(200);
      }
      const res = await new Client(t.app).call(api.profile.login, {
        name: m.user.name,
        password: 'x',
        rememberMe: 'maybe',
      });
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'rememberMe' });
    });

    it('refuses a value outside an enumeration naming the field and values', async () => {
      const res = await new Client(t.app).call(
        api.profile.register,
        registration(undefined, { locale: 'fr' }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Revisa el idioma: debe ser uno de estos valores: es, en.',
        ApiValidationException: { field: 'locale' },
      });
    });
  });

  describe('fields projection', () => {
    it('projects with a comma list', async () => {
      const m = await member(t.app);
      const [user] = (await m.ok(api.user.getLoggedInUser, { fields: 'uid,name' })) as object[];
      expect(user).toEqual({ uid: m.user.uid, name: m.user.name });
    });

    it('projects with JSON by entity type', async () => {
      const m = await member(t.app);
      const [user] = (await m.ok(api.user.getLoggedInUser, {
        fields: JSON.stringify({ User: ['uid', 'vip'] }),
      })) as object[];
      expect(user).toEqual({ uid: m.user.uid, vip: false });
    });

    it('refuses malformed JSON fields with a 400', async () => {
      const m = await member(t.app);
      const res = await m.call(api.user.getLoggedInUser, { fields: '{"User":' });
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'fields' });
    });
  });

  describe('cross-origin protection', () => {
    it('refuses state-changing requests from another origin and changes nothing', async () => {
      const reg = registration();
      const res = await new Client(t.app).call(api.profile.register, reg, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Solicitud rechazada: viene de otro sitio.',
        ApiForbiddenException: {},
      });
      const login = await new Client(t.app).call(api.profile.login, {
        name: reg.name,
        password: reg.password,
      });
      expect(login.status).toBe(401);
    });

    it('refuses a cross-site request that carries no Origin, and one with a foreign Referer', async () => {
      const m = await member(t.app);
      const crossSite = await m.call(
        api.premium.setOnlineStatus,
        { status: 2 },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(crossSite.status).toBe(403);
      const referer = await m.call(
        api.premium.setOnlineStatus,
        { status: 2 },
        { referer: 'https://evil.example/page' },
      );
      expect(referer.status).toBe(403);
      const row = await t.deps.db
        .selectFrom('users')
        .select('online_status')
        .where('id', '=', m.user.uid)
        .executeTakeFirst();
      expect(row?.online_status).toBe(0);
    });

    it('accepts same-origin requests', async () => {
      const m = await member(t.app);
      const res = await m.call(
        api.premium.setOnlineStatus,
        { status: 2 },
        { origin: 'http://localhost:80', host: 'localhost:80' },
      );
      expect(res.status).toBe(200);
      const port = await m.call(
        api.premium.setOnlineStatus,
        { status: 0 },
        { origin: 'http://tertulia.test:3000', host: 'tertulia.test:3000' },
      );
      expect(port.status).toBe(200);
      const otherPort = await m.call(
        api.premium.setOnlineStatus,
        { status: 0 },
        { origin: 'http://tertulia.test:4000', host: 'tertulia.test:3000' },
      );
      expect(otherPort.status).toBe(403);
    });
  });

  describe('operations', () => {
    it('sets security headers with a CSP: the full set on pages, a strict short set on JSON answers', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/html/index.jsp' });
      expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const m = await member(t.app);
      for (const res of [
        await t.app.inject({ method: 'GET', url: '/healthz' }),
        await m.call(api.user.getLoggedInUser),
        await new Client(t.app).call(api.user.getLoggedInUser),
      ]) {
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const docs = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/` });
      expect(docs.headers['x-frame-options']).toBe('DENY');
    });

    it('reports health and readiness', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    });

    it('echoes a request id for log correlation', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'abc-123' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('serves an OpenAPI document with every contract endpoint, and its docs page', async () => {
      const doc = (
        await t.app.inject({ method: 'GET', url: `${api.profile.login.path.split('/profile')[0]}/docs/json` })
      ).json();
      for (const e of allEndpoints) expect(doc.paths[e.path]?.[e.method.toLowerCase()]).toBeDefined();
      const page = await t.app.inject({
        method: 'GET',
        url: `${api.profile.login.path.split('/profile')[0]}/docs/`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/swagger/i);
    });
  });
});
