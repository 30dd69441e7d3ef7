import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../tools/admin';
import { screenshot, VIEWPORTS } from './browser';
import { API, baseURL, dataDir, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

const headers = { origin: baseURL };
const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1993, month: 4, day: 9 });

async function post(who: Member, call: string, data: Record<string, unknown>) {
  const res = await who.context.request.post(`${API}/${call}`, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Friends through the API: A asks, B accepts. */
async function befriend(a: Member, b: Member): Promise<void> {
  await post(a, 'buddy/sendUserBuddyRequest.do', { receivingUserId: b.uid });
  const inbox = await b.context.request.get(`${API}/buddy/getFriendshipRequests.do`);
  const [request] = (await inbox.json()).FriendRequest as { offlineMessageId: number }[];
  await post(b, 'buddy/acceptFriendshipRequest.do', { offlineMessageId: request.offlineMessageId });
}

describe('group conversation menu', () => {
  let ana: Member;
  let beto: Member;
  let cleo: Member;
  let group: { conversationId: number; ownerId: number; type: number };

  beforeAll(async () => {
    ana = await member(`anagr${stamp}`, 'f');
    beto = await member(`betgr${stamp}`, 'm');
    cleo = await member(`clegr${stamp}`, 'f');
    const sent = await post(ana, 'message/send.do', {
      targetIds: [beto.uid, cleo.uid],
      message: 'Hola a las dos partes',
      name: 'Cena',
    });
    group = sent.Conversation[0];
  });
  afterAll(async () => {
    for (const m of [ana, beto, cleo]) await m?.context.close();
  });

  const path = () => `/html/online/message-view.jsp?cid=${group.conversationId}&u=${group.ownerId}&type=2`;

  it('the owner renames the group and makes it read-only from its menu', async () => {
    const page = await connectedPage(ana, path(), true);
    const view = page.getByTestId('im-view');
    await view.getByTestId('im-message').first().waitFor();
    await view.getByTestId('im-group-settings').click();
    const dialog = page.getByRole('dialog', { name: 'Ajustes del grupo' });
    await dialog.getByLabel('Nombre del grupo').fill('Cena del viernes');
    await dialog.getByLabel('Solo lectura: solo tú puedes escribir').check();
    await screenshot(page, 'group-settings-desktop');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Grupo actualizado' }).waitFor(QUEUED);
    await page.getByRole('heading', { name: /Cena del viernes/ }).waitFor();
    // The owner still writes, and is told the others cannot.
    await view.getByText('Solo lectura: los demás no pueden escribir.').waitFor();
    await view.getByTestId('im-input').fill('Nos vemos a las nueve');
    await view.getByTestId('im-input').press('Enter');
    await view.getByTestId('im-message').filter({ hasText: 'Nos vemos a las nueve' }).waitFor();
  });

  it('a member of the group sees the new name and cannot write; has no menu', async () => {
    const page = await connectedPage(beto, path());
    const view = page.getByTestId('im-view');
    await view.getByTestId('im-message').filter({ hasText: 'Nos vemos a las nueve' }).waitFor(QUEUED);
    await page.getByRole('heading', { name: /Cena del viernes/ }).waitFor();
    await view.getByText('Esta conversación es de solo lectura.').waitFor();
    expect(await view.getByTestId('im-input').count()).toBe(0);
    expect(await view.getByTestId('im-group-settings').count()).toBe(0);
    await screenshot(page, 'group-read-only-phone');
  });

  it('invites closed: the others lose the invite link', async () => {
    const page = await connectedPage(ana, path(), true);
    await page.getByTestId('im-group-settings').click();
    const dialog = page.getByRole('dialog', { name: 'Ajustes del grupo' });
    await dialog.getByLabel('Los demás pueden invitar a otras personas').uncheck();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Grupo actualizado' }).waitFor(QUEUED);
    const other = await connectedPage(cleo, path());
    await other.getByTestId('im-view').getByTestId('im-message').first().waitFor();
    expect(await other.getByRole('button', { name: 'Invitar' }).count()).toBe(0);
  });
});

describe('first-visit tips', () => {
  let tere: Member;
  beforeAll(async () => {
    tere = await member(`teretip${stamp}`, 'f');
    await post(tere, 'user/dismissTip.do', { tipId: 'welcome' });
  });
  afterAll(() => tere?.context.close());

  const tip = (page: Page, text: string) => page.locator('[data-popup-id]').filter({ hasText: text });

  it('shows each tip once, by the part it describes, and never again after dismissal', async () => {
    const page = await connectedPage(tere, '/html/index.jsp');
    const first = tip(page, 'Aquí tienes tus conversaciones');
    await first.waitFor();
    await expect.poll(() => first.getAttribute('data-phase')).toBe('shown');
    // Snapped under the header's message button, inside the screen.
    const button = await page.getByTestId('im-button').boundingBox();
    const box = await first.boundingBox();
    expect(box!.y).toBeGreaterThan(button!.y + button!.height);
    expect(box!.x).toBeGreaterThanOrEqual(10);
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width - 10);
    await screenshot(page, 'tip-first-phone');

    await first.getByRole('button', { name: 'Cerrar' }).click();
    const second = tip(page, 'Encuentra a tus amigos');
    await second.waitFor();
    await second.getByRole('button', { name: /Entendido/ }).click();
    await second.waitFor({ state: 'detached' });

    const me = await (await tere.context.request.get(`${API}/user/getLoggedInUser.do`)).json();
    expect(me.User[0].dismissedTips).toEqual(expect.arrayContaining(['im-header', 'friends-header']));
    await page.reload();
    await page.getByRole('heading', { name: /Hola/ }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('[data-popup-id]').count()).toBe(0);
    await screenshot(page, 'tip-gone-phone');
  });
});

describe('birthday', () => {
  let eva: Member;
  let fede: Member;
  let gus: Member;
  beforeAll(async () => {
    const today = new Date();
    eva = await register(`evacum${stamp}`, 'f', {
      year: 1995,
      month: today.getMonth() + 1,
      day: today.getDate(),
    });
    fede = await member(`fedecum${stamp}`, 'm');
    gus = await member(`guscum${stamp}`, 'm');
    await befriend(fede, eva);
    // The hourly job's run, now (an operator's command on the server's data).
    await runAdmin(['birthdays'], { ...process.env, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    for (const m of [eva, fede, gus]) await m?.context.close();
  });

  const birthday = (page: Page) =>
    page.locator('[data-testid="feed-item"][data-type="3"]').filter({ hasText: eva.name });

  it('a friend sees it in the feed on the day; someone else does not', async () => {
    const page = await connectedPage(fede, '/html/index.jsp', true);
    await birthday(page).filter({ hasText: 'cumple años hoy' }).waitFor(QUEUED);
    await screenshot(page, 'birthday-friend-desktop');

    const stranger = await connectedPage(gus, '/html/index.jsp');
    await stranger.getByRole('tab', { name: 'Todo', selected: true }).waitFor();
    await stranger.waitForTimeout(500);
    expect(await birthday(stranger).count()).toBe(0);
  });
});

describe('profile style', () => {
  let hugo: Member;
  beforeAll(async () => {
    hugo = await member(`hugosty${stamp}`, 'm');
  });
  afterAll(() => hugo?.context.close());

  it('the font chosen in the profile editor is how the profile is drawn', async () => {
    const page = await connectedPage(hugo, `/html/profile-view.jsp?user=${hugo.uid}`, true);
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar perfil' });
    await dialog.getByLabel('Letra del perfil').selectOption('Georgia');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.locator('[data-font="Georgia"]').waitFor(QUEUED);
    const me = await (await hugo.context.request.get(`${API}/user/getLoggedInUser.do`)).json();
    expect(me.User[0].font).toBe('Georgia');
    await screenshot(page, 'profile-font-desktop');
  });
});
