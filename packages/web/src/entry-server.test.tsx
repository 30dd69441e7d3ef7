// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MAX_MEMBER_RENDERS,
  type Manifest,
  renderMemberPage,
  renderPage,
  rendersMemberPage,
  rendersPage,
} from './entry-server';

/**
 * The server's render of the visitor pages (docs/first-paint.md), in Node as the server runs it.
 * That the browser hydrates it without a mismatch is the journey's part
 * (e2e/first-paint.e2e.test.ts: a real browser, the built app, the console watched).
 */

const TEMPLATE =
  '<!doctype html><html lang="es"><head><title>Tertulia</title>' +
  '<script type="module" crossorigin src="/assets/main-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/app-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/app-1.css">' +
  '</head><body><div id="root"></div></body></html>';

/** A client build's manifest: the home route imports the shell and a chunk of its own. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/main-1.js', css: ['assets/app-1.css'], imports: ['_app-1.js'] },
  '_app-1.js': { file: 'assets/app-1.js', css: ['assets/app-1.css'] },
  'src/features/home/route.tsx': {
    file: 'assets/route-1.js',
    css: ['assets/route-1.css'],
    imports: ['_app-1.js'],
  },
  'src/features/home/AnonymousHome.tsx': {
    file: 'assets/AnonymousHome-1.js',
    imports: ['_LoginForm-1.js'],
  },
  '_LoginForm-1.js': { file: 'assets/LoginForm-1.js', css: ['assets/Account-1.css'] },
  'src/features/account/loginRoute.tsx': { file: 'assets/loginRoute-1.js', imports: ['_LoginForm-1.js'] },
};

const render = (path: string, data: Parameters<typeof renderPage>[2]) =>
  renderPage(TEMPLATE, new URL(path, 'http://localhost'), data, MANIFEST);

const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script id="page-data"/.exec(html)?.[1] ?? '';
const pageDataOf = (html: string) =>
  JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]);
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';

describe('server render of the visitor pages', () => {
  it("the visitor's home: headline, sign-up and login form, with the page's own styles and chunks", async () => {
    const html = (await render('/html/index.jsp', { locale: 'es' }))!;
    const root = rootOf(html);
    expect(root).toContain('<h1 id="home-hero"');
    expect(root).toContain('Conversa, comparte y haz amigos');
    expect(root).toContain('href="/html/signup.jsp"');
    expect(root).toMatch(/<form[^>]*aria-labelledby="[^"]+"/);
    // The lazy part (the welcome and login form) is in the HTML, not a fallback.
    expect(root).toContain('Nombre de usuario');
    // The lazy part drawn is named in the page data: the browser loads it before hydrating. A
    // visitor's page is drawn in UTC, at a moment the browser's hydration writes its times for.
    expect(pageDataOf(html)).toEqual({
      locale: 'es',
      parts: ['src/features/home/AnonymousHome.tsx'],
      clock: { at: expect.any(Number), timeZone: 'UTC' },
    });

    const head = headOf(html);
    expect(head).toContain('<link rel="stylesheet" href="/assets/route-1.css" />');
    expect(head).toContain('<link rel="stylesheet" href="/assets/Account-1.css" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/AnonymousHome-1.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginForm-1.js" />');
    // What index.html links already is not linked twice.
    expect(head.split('/assets/app-1.css')).toHaveLength(2);
    expect(head.split('/assets/app-1.js')).toHaveLength(2);
    // React's own preloads (the logo) go to the head, not into the tree the browser hydrates.
    expect(root.startsWith('<link')).toBe(false);
  });

  it('the sign-in page in the language the visitor chose', async () => {
    const html = (await render('/html/login.jsp?next=%2Fhtml%2Fbuddies.jsp', { locale: 'en' }))!;
    expect(html).toContain('<html lang="en"');
    expect(rootOf(html)).toMatch(/<h1[^>]*>Log in<\/h1>/);
    expect(pageDataOf(html).locale).toBe('en');
    // Named as the browser names it once live: the tab shows it from the first paint.
    expect(headOf(html)).toContain('<title>Log in · Tertulia</title>');
  });

  it('a public profile from the data given, which cannot close its script tag', async () => {
    const profile = { uid: 4242, name: 'lucía <b>&', about: 'Fotos </script><b>y</b> café' };
    const html = (await render('/html/profile-view.jsp?user=4242', {
      locale: 'es',
      publicProfile: profile,
    }))!;
    const root = rootOf(html);
    expect(root).toMatch(/<h1 id="profile-name"[^>]*>lucía &lt;b&gt;&amp;<\/h1>/);
    expect(headOf(html)).toContain('<title>lucía &#60;b&#62;&#38; · Tertulia</title>');
    expect(root).toContain('Fotos &lt;/script&gt;&lt;b&gt;y&lt;/b&gt; café');
    expect(root).toContain('href="/html/login.jsp?next=%2Fhtml%2Fprofile-view.jsp%3Fuser%3D4242"');
    expect(html).toContain('"about":"Fotos \\u003c/script>\\u003cb>y\\u003c/b> café"');
    expect(html.split('</script>')).toHaveLength(3);
  });

  it('draws only the three visitor pages', async () => {
    expect(rendersPage('/html/buddies.jsp')).toBe(false);
    expect(await render('/html/buddies.jsp', { locale: 'es' })).toBeUndefined();
    expect(rendersPage('/html/login.jsp')).toBe(true);
  });

  it('renders one page at a time, each in its own language', async () => {
    const [es, en] = await Promise.all([
      render('/html/login.jsp', { locale: 'es' }),
      render('/html/login.jsp', { locale: 'en' }),
    ]);
    expect(rootOf(es!)).toMatch(/<h1[^>]*>Iniciar sesión<\/h1>/);
    expect(rootOf(en!)).toMatch(/<h1[^>]*>Log in<\/h1>/);
  });
});

describe("server render of a member's pages", () => {
  const ana = { uid: 7, name: 'ana', gender: 'f', dismissedTips: ['welcome'] };
  const friend = { uid: 8, name: 'beto', gender: 'm' };

  /** The API as a member's reads reach it: answers by path; every path asked is kept. */
  function api(delayMs = 0) {
    const asked: string[] = [];
    const get = async (path: string) => {
      asked.push(path);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (path.includes('/user/getSessionUser.do'))
        return { status: 200, body: JSON.stringify({ User: [ana] }) };
      if (path.includes('/buddy/getBuddies.do')) return { status: 200, body: JSON.stringify({ User: [] }) };
      if (path.includes('/getRandomFriendRecommendations.do'))
        return { status: 200, body: JSON.stringify({ User: [friend] }) };
      return { status: 403, body: JSON.stringify({ errorKey: 'ApiInternalException' }) };
    };
    return { asked, get };
  }
  const member = (get: (path: string) => Promise<{ status: number; body: string }>) =>
    renderMemberPage(
      TEMPLATE,
      new URL('/html/index.jsp', 'http://localhost'),
      { locale: 'es', timeZone: 'America/Mexico_City', get },
      MANIFEST,
    );

  it('draws the home with what the member reads, round after round, and sends those answers along', async () => {
    const { asked, get } = api();
    const html = (await member(get))!;
    // Inert until the browser has hydrated it (main.tsx lifts it).
    expect(html).toContain('<div id="root" inert>');
    const root = /<div id="root" inert>([\s\S]*)<\/div><script id="page-data"/.exec(html)?.[1] ?? '';
    expect(root).toContain('Hola, ana');
    expect(headOf(html)).toContain('<title>Inicio · Tertulia</title>');
    // Suggestions: the friends list first (empty), then the recommendations it leads to.
    expect(root).toContain('beto');
    const order = (part: string) => asked.findIndex((p) => p.includes(part));
    expect(order('getSessionUser')).toBe(0);
    expect(order('getBuddies.do')).toBeGreaterThan(0);
    expect(order('getRandomFriendRecommendations')).toBeGreaterThan(order('getBuddies.do'));
    // Each read once, and only reads a drawing wanted.
    expect(new Set(asked).size).toBe(asked.length);
    const data = pageDataOf(html);
    // Drawn in the zone the member's browser said (its tz cookie), now: it hydrates its times the same.
    expect(data.clock.timeZone).toBe('America/Mexico_City');
    expect(Math.abs(data.clock.at - Date.now())).toBeLessThan(60_000);
    const sent = data.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[0]);
    expect(sent).toContain('/servlet/api/user/getSessionUser.do');
    // The feed and the header's bell are lazy parts drawn, linked in the head with their code.
    expect(data.parts).toEqual(
      expect.arrayContaining(['src/features/feed/homeParts.ts', 'src/features/feed/homeParts.ts#bell']),
    );
    // A refused read is not sent: the browser asks it again.
    expect(
      data.queries.queries.every((q: { state: { status: string } }) => q.state.status === 'success'),
    ).toBe(true);
  });

  it('draws only the pages it knows for members, and at most a few at once', async () => {
    expect(rendersMemberPage('/chat/room/12')).toBe(true);
    expect(rendersMemberPage('/html/profile-view.jsp')).toBe(true);
    expect(rendersMemberPage('/html/settings.jsp')).toBe(false);
    const slow = api(40);
    const drawings = await Promise.all(
      Array.from({ length: MAX_MEMBER_RENDERS + 2 }, () => member(slow.get)),
    );
    expect(drawings.filter((html) => html === undefined)).toHaveLength(2);
    // Once they are done, the next one is drawn again.
    expect(await member(api().get)).toContain('Hola, ana');
  });
});
