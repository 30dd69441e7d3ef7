import { api, type Message } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, dialects, member, testApp } from '../../tests/_util';

type Member = Awaited<ReturnType<typeof member>>;
const REFUSED = { message: 'Solicitud rechazada: viene de otro sitio.', ApiForbiddenException: {} };

/** The spec's GETs that change state, and the origin check behind a proxy (docs/security.md). */
describe.each(dialects)('cross-site requests on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let proxied: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    proxied = await testApp(dialect, { trustProxy: true, publicUrl: undefined });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  const visits = async (owner: Member) => {
    const row = await t.deps.db
      .selectFrom('users')
      .select('view_count')
      .where('id', '=', owner.user.uid)
      .executeTakeFirstOrThrow();
    return row.view_count;
  };

  it('refuses a profile visit started by another site, and records one from our pages', async () => {
    const [owner, visitor] = [await member(t.app), await member(t.app)];
    const params = { profileOwnerId: owner.user.uid };
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const res = await visitor.call(api.people.updateProfileVisit, params, headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
    }
    expect(await visits(owner)).toBe(0);
    const own = await visitor.call(api.people.updateProfileVisit, params, {
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    expect(await visits(owner)).toBe(1);
  });

  it('refuses markAsRead from another site: the messages stay unread', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    await a.ok(api.messaging.send, { message: 'hola', targetIds: String(b.user.uid), type: 1 });
    const res = await b.call(
      api.messaging.getUnreadMessages,
      { markAsRead: true },
      { 'sec-fetch-site': 'same-site' },
    );
    expect(res.status).toBe(403);
    const unread = (await b.ok(api.messaging.getUnreadMessages, {})) as Message[];
    expect(unread.map((m) => m.content)).toEqual(['hola']);
  });

  it('switches the language only from our own pages or a typed address', async () => {
    const m = await member(t.app);
    const locale = async () =>
      (await t.deps.db.selectFrom('users').select('locale').where('id', '=', m.user.uid).executeTakeFirst())
        ?.locale;
    const from = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/?locale=en', headers: { cookie: m.cookieHeader, ...headers } });
    const foreign = await from({ 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(302);
    expect(foreign.cookies.find((c) => c.name === 'locale')).toBeUndefined();
    expect(await locale()).toBe('es');
    const typed = await from({ 'sec-fetch-site': 'none' });
    expect(typed.cookies.find((c) => c.name === 'locale')?.value).toBe('en');
    expect(await locale()).toBe('en');
  });

  it('compares the scheme, and trusts X-Forwarded-* only behind a configured proxy', async () => {
    const m = await member(t.app);
    const write = (client: Client, headers: Record<string, string>) =>
      client.call(api.premium.setOnlineStatus, { status: 0 }, headers);
    // Plain HTTP here: an https page of the same host is another origin.
    expect((await write(m, { origin: 'https://tertulia.test', host: 'tertulia.test' })).status).toBe(403);
    const forwarded = {
      origin: 'https://evil.example',
      host: 'tertulia.test',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    expect((await write(m, forwarded)).status).toBe(403);

    const behindProxy = await member(proxied.app);
    const honest = { ...forwarded, origin: 'https://tertulia.test', 'x-forwarded-host': 'tertulia.test' };
    expect((await write(behindProxy, honest)).status).toBe(200);
    expect((await write(behindProxy, { ...honest, 'x-forwarded-proto': 'http' })).status).toBe(403);
  });
});
