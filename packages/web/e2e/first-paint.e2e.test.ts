import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleProblems, screenshot, VIEWPORTS } from './browser';
import { API, baseURL, firstVisitContext, stamp, withBrowser } from './journey';
import { type Member, register } from './members';

withBrowser();

/**
 * The visitor pages the server draws (docs/first-paint.md): with JavaScript off they still show
 * what matters, and with it on the browser hydrates them without a mismatch.
 */

const ABOUT = 'Me gusta la fotografía y el café de especialidad.';

describe('first paint without a round trip', () => {
  let owner: Member;
  const pages = () => ({
    home: '/html/index.jsp',
    login: '/html/login.jsp',
    profile: `/html/profile-view.jsp?user=${owner.uid}`,
  });

  beforeAll(async () => {
    owner = await register(`paint${stamp}`, 'f', { year: 1992, month: 5, day: 6 });
    const saved = await owner.context.request.post(`${API}/profile/updateProfile.do`, {
      headers: { origin: baseURL },
      data: { about: ABOUT },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  });
  afterAll(async () => owner?.context.close());

  it('shows the home, the sign-in page and a public profile with JavaScript disabled', async () => {
    const context = await firstVisitContext(false);
    const page = await context.newPage();
    const { home, login, profile } = pages();

    await page.goto(home);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Conversa, comparte y haz amigos' }).waitFor();
    const signup = main.getByRole('link', { name: 'Crear cuenta' });
    expect(await signup.isVisible()).toBe(true);
    expect(await signup.getAttribute('href')).toBe('/html/signup.jsp');
    // Styled as the app is: the page's own stylesheet came with the HTML.
    expect(await signup.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    await screenshot(page, 'first-paint-home-nojs-phone');

    await page.goto(login);
    await main.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    expect(await main.getByLabel('Contraseña').isVisible()).toBe(true);
    await screenshot(page, 'first-paint-login-nojs-phone');

    await page.goto(profile);
    await main.getByRole('heading', { level: 1, name: owner.name }).waitFor();
    expect(await main.getByText(ABOUT).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Crear cuenta' }).isVisible()).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'first-paint-profile-nojs-desktop');

    // In the visitor's language when they chose one (the cookie the language switch sets).
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL }]);
    await page.goto(home);
    await main.getByRole('heading', { level: 1, name: 'Talk, share and make friends' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('a member gets their own page (member-first-paint.e2e), a profile that is not public the plain shell', async () => {
    const { home, profile } = pages();
    const asMember = await (await owner.context.request.get(home)).text();
    expect(asMember).not.toContain('Conversa, comparte y haz amigos');
    expect(asMember).toContain(`Hola, ${owner.name}`);
    const visitor = await firstVisitContext(true);
    const missing = await visitor.request.get(`/html/profile-view.jsp?user=${owner.uid + 100000}`);
    expect(await missing.text()).toContain('<div id="root"></div>');
    const shown = await visitor.request.get(profile);
    expect(await shown.text()).toContain(ABOUT);
    await visitor.close();
  });

  it('hydrates each page with no hydration warning or error in the console', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await firstVisitContext(true, viewport);
      const page = await context.newPage();
      const problems = consoleProblems(page);
      const { home, login, profile } = pages();

      await page.goto(home, { waitUntil: 'networkidle' });
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      // React owns the server's DOM: typing enables the form's button (the same nodes, no redraw).
      const form = page.getByRole('form', { name: 'Iniciar sesión' });
      const marker = await form.evaluate((el) => {
        (el as HTMLElement & { __ssr?: boolean }).__ssr = true;
        return true;
      });
      expect(marker).toBe(true);
      await form.getByLabel('Nombre de usuario').fill('alguien');
      await form.getByLabel('Contraseña').fill('una-clave');
      await expect.poll(() => form.getByRole('button', { name: 'Entrar' }).isEnabled()).toBe(true);
      expect(await form.evaluate((el) => (el as HTMLElement & { __ssr?: boolean }).__ssr)).toBe(true);
      await screenshot(page, `first-paint-home-hydrated-${viewport.width}`);

      await page.goto(login, { waitUntil: 'networkidle' });
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      await page.goto(profile, { waitUntil: 'networkidle' });
      await page.getByRole('main').getByRole('heading', { level: 1, name: owner.name }).waitFor();
      // Client navigation from the hydrated page works: the sign-up link opens its page.
      await page.getByRole('main').getByRole('link', { name: 'Crear cuenta' }).click();
      await page.waitForURL('**/html/signup.jsp');
      await screenshot(page, `first-paint-signup-after-hydration-${viewport.width}`);

      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
