import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp } from '../../tests/_util';

const INDEX =
  '<!doctype html><html lang="es"><head><title>Tertulia</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web's SSR build (packages/web/src/entry-server.tsx): it writes what it was
 * given into the page, so the test sees what the server passed. `/html/login.jsp?fail` throws.
 */
const STUB = `
export const rendersPage = (p) => ['/html/index.jsp', '/html/login.jsp', '/html/profile-view.jsp'].includes(p);
export const rendersMemberPage = (p) => p === '/html/index.jsp' || p.startsWith('/chat/room/');
// A member's page: what the member's session read answered (through member.get), written in.
export async function renderMemberPage(template, url, member, manifest) {
  const session = await member.get('/servlet/api/user/getSessionUser.do');
  const other = await member.get('/servlet/api/user/getUnreadNotificationCount.do?x=' + url.search);
  const body = '<main>for member ' + url.pathname + '</main><script id="page-data" type="application/json">' +
    JSON.stringify({ locale: member.locale, timeZone: member.timeZone, status: session.status, session: JSON.parse(session.body), other: other.status })
      .replace(/</g, '\\u003c') + '</script>';
  return template.replace('<div id="root"></div>', '<div id="root">' + body + '</div>');
}
export async function renderPage(template, url, data, manifest) {
  if (url.searchParams.has('fail')) throw new Error('render bug');
  const body = '<main>drawn ' + url.pathname + '</main><script id="page-data" type="application/json">' +
    JSON.stringify({ ...data, chunks: Object.keys(manifest) }).replace(/</g, '\\\\u003c') + '</script>';
  return template
    .replace('</head>', '<link rel="stylesheet" href="/assets/page.css" /></head>')
    .replace('<div id="root"></div>', '<div id="root">' + body + '</div>');
}
`;

describe.each(dialects)('server-rendered first pages ($name)', (dialect) => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-web-'));
  const ssr = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-ssr-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    fs.mkdirSync(path.join(web, '.vite'));
    fs.writeFileSync(path.join(web, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': {} }));
    fs.writeFileSync(path.join(ssr, 'entry-server.js'), STUB);
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'page.css'), 'main{color:red}');
    t = await testApp(dialect, { webDist: web, webSsr: ssr });
  });
  afterAll(async () => {
    await t.close();
    for (const dir of [web, ssr]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const pageData = (html: string) =>
    JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

  it("draws the visitor's home and sign-in page in the visitor's language, with the build's manifest", async () => {
    const home = await get('/html/index.jsp');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers.vary).toBe('accept-encoding, cookie');
    expect(home.body).toContain('<main>drawn /html/index.jsp</main>');
    expect(pageData(home.body)).toEqual({ locale: 'es', chunks: ['index.html'] });
    // Its stylesheets are written into it: the first paint waits for no other request.
    expect(home.body).toContain('<style data-href="/assets/page.css">main{color:red}</style></head>');
    const login = await get('/html/login.jsp', { cookie: 'locale=en' });
    expect(pageData(login.body)).toEqual({ locale: 'en', chunks: ['index.html'] });
    // Compressed as the browser accepts, as the built files are.
    const br = await get('/html/index.jsp', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(home.body);
  });

  it("a member's page is drawn with their own reads, for them alone; other pages are the plain shell", async () => {
    const m = await member(t.app);
    m.cookies.set('locale', 'en');
    const asMember = await get('/html/index.jsp', { cookie: m.cookieHeader });
    expect(asMember.body).toContain('<main>for member /html/index.jsp</main>');
    const data = pageData(asMember.body);
    // The read went through the API as this member: their session, their language.
    expect(data.status).toBe(200);
    expect(data.session.User[0].uid).toBe(m.user.uid);
    expect(data.locale).toBe('en');
    expect(data.other).toBe(200);
    // No tz cookie yet: the render picks its default zone.
    expect(data.timeZone).toBeUndefined();
    expect(asMember.headers['cache-control']).toBe('private, no-cache');
    expect(asMember.headers.vary).toBe('accept-encoding, cookie');
    // Another member's cookie, another member's page.
    const other = await member(t.app);
    const theirs = pageData((await get('/html/index.jsp', { cookie: other.cookieHeader })).body);
    expect(theirs.session.User[0].uid).toBe(other.user.uid);
    // The zone the browser said (its tz cookie) is the one its page is drawn in; nonsense is not.
    const inZone = async (tz: string) =>
      pageData((await get('/html/index.jsp', { cookie: `${m.cookieHeader}; tz=${tz}` })).body).timeZone;
    expect(await inZone('America%2FMexico_City')).toBe('America/Mexico_City');
    expect(await inZone('Mars%2FOlympus')).toBeUndefined();
    expect(await inZone('x'.repeat(100))).toBeUndefined();
    // A page not drawn for members (the sign-in page) is the plain shell for a member.
    expect((await get('/html/login.jsp', { cookie: m.cookieHeader })).body).toBe(INDEX);
    // The chat room is drawn for a member only: a visitor gets the plain shell there.
    // (its shared link's card is in the head).
    expect((await get('/chat/room/1')).body).toContain('<div id="root"></div>');
    expect((await get('/html/buddies.jsp')).body).toBe(INDEX);
    // A cookie that names no session is a visitor's.
    const visitor = await get('/html/index.jsp', { cookie: 'tertulia_sid=nothing' });
    expect(visitor.body).toContain('drawn');
    expect(visitor.headers['cache-control']).toBe('no-cache');
  });

  it('a public profile carries what its card shows; a private one is the plain shell', async () => {
    const open = await member(t.app);
    await open.ok(api.people.updateProfile, { about: '  Hola </script> a todos  ' });
    const page = await get(`/html/profile-view.jsp?user=${open.user.uid}`);
    expect(page.body).toContain('drawn /html/profile-view.jsp');
    // The page's own escaping keeps the about text from closing the script.
    expect(page.body).not.toContain('</script> a todos');
    expect(pageData(page.body).publicProfile).toEqual({
      uid: open.user.uid,
      name: open.user.name,
      about: 'Hola </script> a todos',
    });

    const closed = await member(t.app);
    await closed.ok(api.buddy.setPrivate, { isPrivate: true });
    expect((await get(`/html/profile-view.jsp?user=${closed.user.uid}`)).body).toBe(INDEX);
    expect((await get('/html/profile-view.jsp?user=999999999')).body).toBe(INDEX);
    expect((await get('/html/profile-view.jsp?user=abc')).body).toBe(INDEX);
  });

  it('a render that fails is answered with the plain shell, never an error', async () => {
    const res = await get('/html/login.jsp?fail=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});
