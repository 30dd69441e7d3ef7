import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1990, month: 4, day: 9 });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

describe('chat journey: two members in a room', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;
  let betoPage: Page;
  let roomId: number;
  const roomName = `Sala ${stamp}`;

  beforeAll(async () => {
    ana = await member(`anch${stamp}`, 'f');
    beto = await member(`betch${stamp}`, 'm');
    const created = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers: { origin: baseURL },
      data: { name: roomName, roomType: 2, categoryName: 'Pruebas' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    roomId = (await created.json()).ChatRoom[0].id;
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('the owner finds the room in the list by category and enters it', async () => {
    anaPage = await connectedPage(ana, '/chat/', true);
    await anaPage.getByRole('heading', { level: 1, name: 'Salas de chat' }).waitFor();
    const section = anaPage.getByRole('region', { name: 'Pruebas' });
    const card = section.getByTestId('chat-room').filter({ hasText: roomName });
    await card.waitFor();
    expect(await card.textContent()).toContain('Dueño');
    await screenshot(anaPage, 'chat-list-desktop');
    expect(await seriousViolations(anaPage)).toEqual([]);
    await card.getByRole('link').click();
    await anaPage.getByRole('heading', { level: 1, name: roomName }).waitFor();
    await anaPage.getByTestId('chat-user').filter({ hasText: ana.name }).getByText('Dueño').waitFor();
    // The header's chat entry shows where we are.
    expect(await anaPage.getByRole('link', { name: 'Salas de chat' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await seriousViolations(anaPage)).toEqual([]);
  });

  it('the other member enters; both chat live without reloading', async () => {
    betoPage = await connectedPage(beto, `/chat/room/${roomId}`);
    await betoPage.getByRole('heading', { level: 1, name: roomName }).waitFor();
    // The owner hears the arrival and sees the newcomer in the list.
    await anaPage
      .getByTestId('chat-notice')
      .filter({ hasText: `${beto.name} ha entrado` })
      .waitFor(QUEUED);
    await anaPage.getByTestId('chat-user').filter({ hasText: beto.name }).waitFor(QUEUED);

    await anaPage.getByTestId('chat-input').fill('¡Hola **Beto**! :heart:');
    await anaPage.getByTestId('chat-input').press('Enter');
    const arrived = betoPage.getByTestId('chat-entry').filter({ hasText: '¡Hola Beto!' });
    await arrived.waitFor(QUEUED);
    expect(await arrived.locator('strong').textContent()).toBe('Beto');
    // The emoticon is the server's image of the sender's theme, and it loads.
    const heart = arrived.getByRole('img', { name: 'corazón' });
    expect(await heart.count()).toBe(1);
    expect(await heart.getAttribute('src')).toMatch(/^\/img\/emoticons\/default\/heart\.[0-9a-f]{10}\.svg$/);
    await expect
      .poll(() => heart.evaluate((img) => (img as HTMLImageElement).naturalWidth), QUEUED)
      .toBeGreaterThan(0);

    await betoPage.getByTestId('chat-input').fill('¡Hola, Ana! ¿Qué tal?');
    await betoPage.getByTestId('chat-input').press('Enter');
    await anaPage.getByTestId('chat-entry').filter({ hasText: '¡Hola, Ana! ¿Qué tal?' }).waitFor(QUEUED);
    // Each line once on each side (the sender's own push is merged with the answer).
    expect(await betoPage.getByTestId('chat-entry').filter({ hasText: '¡Hola, Ana!' }).count()).toBe(1);
    expect(await anaPage.getByTestId('chat-entry').filter({ hasText: '¡Hola Beto!' }).count()).toBe(1);
    await screenshot(betoPage, 'chat-room-phone');
    await screenshot(anaPage, 'chat-room-desktop');
    expect(await seriousViolations(betoPage)).toEqual([]);
  });

  it('a private message inside the room: an unread marker, no toast on /chat/, then the thread', async () => {
    // On a phone the people list opens from the bar.
    await betoPage.getByRole('button', { name: 'Personas' }).click();
    await betoPage.getByTestId('chat-user').filter({ hasText: ana.name }).click();
    const card = betoPage.getByTestId('chat-member');
    await card.getByRole('button', { name: 'Mensaje privado' }).click();
    const input = betoPage.getByTestId('chat-private-input');
    await input.fill('Esto es **solo** para ti');
    await input.press('Enter');
    await betoPage
      .getByTestId('chat-private-line')
      .filter({ hasText: 'Esto es solo para ti' })
      .waitFor(QUEUED);

    await anaPage.getByTestId('chat-private-unread').waitFor(QUEUED);
    expect(await anaPage.getByTestId('chat-private-unread').textContent()).toContain('1');
    expect(await toast(anaPage, 'Esto es').count()).toBe(0);
    await anaPage.getByTestId('chat-private-button').click();
    const panel = anaPage.getByTestId('chat-private');
    await panel.getByRole('button').filter({ hasText: beto.name }).click();
    const line = panel.getByTestId('chat-private-line').filter({ hasText: 'Esto es solo para ti' });
    await line.waitFor(QUEUED);
    expect(await line.locator('strong').textContent()).toBe('solo');
    await expect.poll(() => anaPage.getByTestId('chat-private-unread').count(), QUEUED).toBe(0);
    await screenshot(anaPage, 'chat-private-desktop');
    await panel.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('an invitation reaches the invitee as a notice that names the room', async () => {
    await anaPage.getByLabel('Más opciones').click();
    await anaPage.getByRole('button', { name: 'Invitar a la sala' }).click();
    const form = anaPage.getByTestId('chat-invite');
    await form.getByLabel('Nombre del miembro').fill(beto.name);
    expect(await form.getByLabel('Mensaje').inputValue()).toBe(`¡Ven a charlar a ${roomName}!`);
    await form.getByRole('button', { name: 'Enviar invitación' }).click();
    await toast(anaPage, 'Invitaciones enviadas: 1').waitFor(QUEUED);
    await toast(betoPage, `${ana.name} te invita a la sala ${roomName}`).waitFor(QUEUED);
  });

  it("an admin, neither owner nor moderator, gets the owner's moderator menu in the room", async () => {
    const carla = await member(`adch${stamp}`, 'f');
    await grantAdmin(carla);
    const carlaPage = await connectedPage(carla, `/chat/room/${roomId}`, true);
    await carlaPage.getByTestId('chat-user').filter({ hasText: beto.name }).click();
    const card = carlaPage.getByTestId('chat-member');
    await card.getByRole('button', { name: 'Expulsar' }).waitFor();
    expect(await card.getByRole('button', { name: 'Hacer moderador' }).count()).toBe(1);
    await screenshot(carlaPage, 'chat-admin-member-menu');
    await carlaPage.keyboard.press('Escape');
    await carlaPage.getByLabel('Más opciones').click();
    await carlaPage.getByRole('button', { name: 'Registro de moderación' }).waitFor();
    expect(await carlaPage.getByRole('button', { name: 'Eliminar la sala' }).count()).toBe(0);
    await carla.context.close();
  });

  it('the owner kicks the member, who leaves the room page with a notice and cannot come straight back', async () => {
    await anaPage.getByTestId('chat-user').filter({ hasText: beto.name }).click();
    const card = anaPage.getByTestId('chat-member');
    await card.getByRole('button', { name: 'Expulsar' }).waitFor();
    expect(await card.getByRole('button', { name: 'Hacer moderador' }).count()).toBe(1);
    await card.getByRole('button', { name: 'Expulsar' }).click();
    // How long: within the room's bounds (a day at most), five minutes first.
    const duration = card.getByLabel('¿Cuánto tiempo?');
    expect(await duration.locator('option').allTextContents()).toEqual(['5 min', '1 h', '24 h']);
    await card.getByTestId('chat-mod-apply').click();

    await betoPage.waitForURL(/\/chat\/$/, QUEUED);
    await toast(betoPage, `Te han expulsado de la sala ${roomName}.`).waitFor(QUEUED);
    await betoPage.getByRole('heading', { level: 1, name: 'Salas de chat' }).waitFor();
    await screenshot(betoPage, 'chat-kicked-phone');

    await anaPage
      .getByTestId('chat-notice')
      .filter({ hasText: `${beto.name} ha sido expulsado` })
      .waitFor(QUEUED);
    await expect
      .poll(() => anaPage.getByTestId('chat-user').filter({ hasText: beto.name }).count(), QUEUED)
      .toBe(0);

    // The moderation log tells who did it.
    await anaPage.getByLabel('Más opciones').click();
    await anaPage.getByRole('button', { name: 'Registro de moderación' }).click();
    await anaPage.getByTestId('chat-log').getByText(`${ana.name} expulsó a ${beto.name}`).waitFor(QUEUED);
    await anaPage
      .getByTestId('chat-log')
      .getByText(/^hasta el /)
      .waitFor(QUEUED);

    // A kicked member is kept out for a while.
    await betoPage.goto(`/chat/room/${roomId}`);
    await toast(betoPage, 'Te expulsaron de esta sala hace poco').waitFor(QUEUED);
    await betoPage.waitForURL(/\/chat\/$/, QUEUED);
  });
});
