import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, seriousViolations } from './browser';
import { API, baseURL, browser, password, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

// The sizes the first-impressions review looks at: a common phone and a laptop.
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const SHOTS = '/tmp/shots-settings';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

describe('onboarding: from sign-up to a joined room', () => {
  let context: BrowserContext;
  let owner: Member;
  const roomName = `Bienvenida ${stamp}`;
  const name = `nueva${stamp}`;

  beforeAll(async () => {
    owner = await register(`anfit${stamp}`, 'f', { year: 1988, month: 5, day: 6 });
    const created = await owner.context.request.post(`${API}/chat/createRoom.do`, {
      headers: { origin: baseURL },
      data: { name: roomName, roomType: 2, categoryName: 'Charlas' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    context = await newContext(browser, baseURL);
  });
  afterAll(async () => {
    await context?.close();
    await owner?.context.close();
  });

  it('welcomes the new member step by step, into a room, and only once', async () => {
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/html/index.jsp');
    await page.getByRole('link', { name: 'Crear cuenta' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Crear cuenta' }).waitFor();
    await page.getByLabel('Nombre de usuario').fill(name);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByLabel('Correo electrónico').fill(`${name}@example.com`);
    await page.getByLabel('Día').selectOption('9');
    await page.getByLabel('Mes').selectOption('3');
    await page.getByLabel('Año').selectOption('1995');
    await page.getByLabel('Mujer').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    const welcome = page.getByTestId('welcome');
    await welcome.getByRole('heading', { name: `¡Bienvenida a Tertulia, ${name}!` }).waitFor();
    // While the friend list is empty the home suggests people (the room owner at least).
    await page.getByRole('heading', { name: 'Gente que quizá te guste' }).waitFor(QUEUED);
    await shoot(page, 'onboarding-step1');
    expect(await seriousViolations(page)).toEqual([]);
    await welcome.getByRole('button', { name: 'Siguiente' }).click();
    await welcome.getByLabel('Sobre mí').fill('Me gusta el cine y caminar');
    await shoot(page, 'onboarding-step2');
    await welcome.getByRole('button', { name: 'Guardar y seguir' }).click();
    await welcome.getByRole('heading', { name: 'Encuentra gente' }).waitFor();
    await welcome.getByRole('button', { name: 'Siguiente' }).click();
    await welcome.getByRole('heading', { name: 'Únete a una sala' }).waitFor();
    await shoot(page, 'onboarding-step4');
    await welcome.getByRole('link', { name: 'Ver salas de chat' }).click();

    await page.getByRole('heading', { level: 1, name: 'Salas de chat' }).waitFor();
    const card = page.getByTestId('chat-room').filter({ hasText: roomName });
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: roomName }).waitFor();
    // In the room: listed among its people (a drawer on phones) and able to write.
    await page
      .getByTestId('chat-user')
      .filter({ hasText: name })
      .first()
      .waitFor({ state: 'attached', ...QUEUED });
    await page.getByTestId('chat-input').fill('¡Hola a todos!');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-entry').filter({ hasText: '¡Hola a todos!' }).waitFor(QUEUED);
    await shoot(page, 'onboarding-room');

    // What they said they like was saved; the welcome is remembered on the server.
    const me = await (await context.request.get(`${API}/user/getLoggedInUser.do`)).json();
    expect(me.User[0].about).toBe('Me gusta el cine y caminar');
    expect(me.User[0].dismissedTips).toContain('welcome');
    await page.goto('/html/index.jsp');
    await page.getByRole('heading', { name: `Hola, ${name}` }).waitFor();
    expect(await page.getByTestId('welcome').count()).toBe(0);
  });
});

describe('settings: who sees me online, seen from another browser', () => {
  let ana: Member;
  let beto: Member;
  beforeAll(async () => {
    ana = await register(`anaset${stamp}`, 'f', { year: 1990, month: 3, day: 4 });
    beto = await register(`betset${stamp}`, 'm', { year: 1989, month: 7, day: 8 });
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('"nobody" makes Ana offline to Beto', async () => {
    const anaPage = await connectedPage(ana, '/html/settings.jsp');
    const betoPage = await beto.context.newPage();
    const presence = () => betoPage.locator('[data-presence]').first().getAttribute('data-presence');
    await betoPage.goto(`/html/profile-view.jsp?user=${ana.uid}`);
    await expect.poll(presence, QUEUED).toBe('online');

    await anaPage.getByRole('heading', { level: 2, name: 'Privacidad' }).waitFor();
    await shoot(anaPage, 'settings');
    expect(await seriousViolations(anaPage)).toEqual([]);
    await anaPage.getByLabel('Quién me ve conectado').selectOption('2');
    await anaPage.getByTestId('toast').filter({ hasText: 'Guardado' }).first().waitFor(QUEUED);

    await betoPage.reload();
    await expect.poll(presence, QUEUED).toBe('offline');
    const prefs = await (await ana.context.request.get(`${API}/user/getPreferences.do`)).json();
    expect(prefs.Preferences[0].onlineVisibility).toBe(2);
  });
});
