// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type Manifest, renderPage, rendersPage } from './entry-server';

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
    expect(html).toContain('<script id="page-data" type="application/json">{"locale":"es"}</script>');

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
    expect(html).toContain('{"locale":"en"}');
  });

  it('a public profile from the data given, which cannot close its script tag', async () => {
    const profile = { uid: 4242, name: 'lucia', about: 'Fotos </script><b>y</b> café' };
    const html = (await render('/html/profile-view.jsp?user=4242', {
      locale: 'es',
      publicProfile: profile,
    }))!;
    const root = rootOf(html);
    expect(root).toMatch(/<h1 id="profile-name"[^>]*>lucia<\/h1>/);
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
