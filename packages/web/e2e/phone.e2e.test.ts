import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, seriousViolations } from './browser';
import { API, baseURL, browser, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

// The sizes of the first-impressions review: a common phone and a laptop.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = '/tmp/shots-phone';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1990, month: 3, day: 4 });

describe('phones first', () => {
  let ana: Member;
  let beto: Member;
  let roomId: number;
  let conversation = '';

  beforeAll(async () => {
    ana = await member(`anph${stamp}`, 'f');
    beto = await member(`betph${stamp}`, 'm');
    const created = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers: { origin: baseURL },
      data: { name: `Sala ${stamp}`, roomType: 2, categoryName: 'Pruebas' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    roomId = (await created.json()).ChatRoom[0].id;
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('on a phone a conversation opens full screen from the bottom bar and goes back', async () => {
    // Ana writes to Beto from his profile, on a desktop (the floating window there).
    const anaPage = await connectedPage(ana, `/html/profile-view.jsp?user=${beto.uid}`, true);
    await anaPage.getByRole('button', { name: 'Enviar mensaje' }).click();
    await anaPage.getByRole('textbox', { name: `Mensaje para ${beto.name}` }).fill('Hola Beto');
    await anaPage.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
    await anaPage.getByRole('button', { name: 'Lo prometo' }).click();
    await anaPage.getByTestId('im-view').getByTestId('im-message').first().waitFor();
    await anaPage.close();

    const page = await connectedPage(beto, '/html/index.jsp');
    await page.setViewportSize(PHONE);
    const bar = page.getByRole('navigation', { name: 'Navegación' });
    await bar.waitFor();
    expect(await bar.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    await page.getByTestId('nav-badge-messages').waitFor(QUEUED);
    expect(await page.getByTestId('nav-badge-messages').textContent()).toBe('1');

    await bar.getByRole('link', { name: /^Mensajes/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Mensajes', exact: true }).waitFor();
    expect(await bar.getByRole('link', { name: /^Mensajes/ }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('link', { name: ana.name }).click();

    // The conversation covers the whole screen (header and bar included), with a back button.
    const view = page.getByTestId('im-page');
    await view.getByTestId('im-message').first().waitFor();
    conversation = new URL(page.url()).search;
    expect(conversation).toMatch(/cid=\d+/);
    expect(await view.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await page.getByRole('dialog').count()).toBe(0);
    const list = view.getByRole('list', { name: 'Mensajes de la conversación' });
    expect(await list.getAttribute('tabindex')).toBe('0');
    await shot(page, 'conversation-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await view.getByTestId('im-back').click();
    await page.getByRole('heading', { level: 1, name: 'Mensajes', exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it("a conversation's tools fold into a keyboard menu on a phone; a desktop keeps the row", async () => {
    const page = await beto.context.newPage();
    const path = `/html/online/message-view.jsp${conversation}`;
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto(path);
      const view = page.getByTestId('im-page');
      await view.getByTestId('im-message').first().waitFor();
      const more = view.getByRole('button', { name: 'Más acciones' });
      const back = view.getByTestId('im-back');
      // Back, the title and "more" on one row, inside the screen.
      const [b, m] = [await back.boundingBox(), await more.boundingBox()];
      expect(b && m && Math.abs(b.y - m.y) < 2 && m.x + m.width <= width).toBe(true);
      expect(await view.getByTestId('im-leave').isVisible()).toBe(false);
      // From the keyboard: Enter opens it on its first action, arrows move, Escape closes it.
      await more.focus();
      await page.keyboard.press('Enter');
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      const invite = view.getByRole('button', { name: 'Invitar' });
      expect(await invite.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('End');
      expect(await view.getByTestId('im-leave').evaluate((el) => el === document.activeElement)).toBe(true);
      await shot(page, `conversation-menu-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    // The same action from the menu: the invite dialog opens and the menu closes.
    await page.getByRole('button', { name: 'Más acciones' }).click();
    await page.getByTestId('im-page').getByRole('button', { name: 'Invitar' }).click();
    await page.getByRole('dialog', { name: 'Invitar a la conversación' }).waitFor();
    // (By its test id: the open dialog hides the page behind it from the accessibility tree.)
    expect(await page.getByTestId('im-more').getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Escape');

    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await page.getByTestId('im-leave').waitFor();
    expect(await page.getByRole('button', { name: 'Más acciones' }).count()).toBe(0);
    await shot(page, 'conversation-1280');
    await page.close();
  });

  const pages = () => [
    ['conversation-list', '/html/online/message-view.jsp'],
    ['member-home', '/html/index.jsp'],
    ['profile', `/html/profile-view.jsp?user=${ana.uid}`],
    ['own-profile', `/html/profile-view.jsp?user=${beto.uid}`],
    ['search', '/html/search.jsp'],
    ['chat-list', '/chat/'],
    ['chat-room', `/chat/room/${roomId}`],
    ['conversation', `/html/online/message-view.jsp${conversation}`],
    ['notifications', '/html/notifications.jsp'],
    ['friends', '/html/buddies.jsp'],
    ['settings', '/html/settings.jsp'],
  ];

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`every page passes axe (no serious or critical issue) at ${viewport.width}x${viewport.height}`, async () => {
      const visitor = await newContext(browser, baseURL, viewport);
      const home = await visitor.newPage();
      await home.goto('/html/index.jsp');
      await home.getByRole('form', { name: 'Iniciar sesión' }).waitFor();
      await shot(home, `home-${size}`);
      const found: string[] = (await seriousViolations(home)).map((v) => `home: ${v}`);
      await visitor.close();

      const page = await beto.context.newPage();
      await page.setViewportSize(viewport);
      for (const [name, path] of pages()) {
        await page.goto(path);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, `${name}-${size}`);
        found.push(...(await seriousViolations(page)).map((v) => `${name}: ${v}`));
      }
      await page.close();
      expect(found).toEqual([]);
    });
  }
});
