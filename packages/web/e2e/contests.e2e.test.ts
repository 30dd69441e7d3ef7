import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationTool, screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

const birthday = { year: 1992, month: 5, day: 9 };

describe('contests: an admin creates one, a member enters, wins and collects the prize', () => {
  let boss: Member;
  let pia: Member;
  let page: Page;

  beforeAll(async () => {
    boss = await register(`jefac${stamp}`, 'f', birthday);
    pia = await register(`piac${stamp}`, 'f', birthday);
    await grantAdmin(boss);
  });
  afterAll(async () => {
    await boss?.context.close();
    await pia?.context.close();
  });

  it('the admin creates a draw from the contests page and lands on it', async () => {
    const admin = await connectedPage(boss, '/html/gifts/contests.jsp');
    await admin.getByRole('heading', { name: 'Concursos' }).waitFor();
    await admin.getByLabel('Nombre').fill(`Sorteo e2e ${stamp}`);
    await admin.getByLabel('Premios por puesto (separados por comas)').fill('200, 50');
    await screenshot(admin, 'contest-new-phone');
    await admin.getByRole('button', { name: 'Crear concurso' }).click();
    await admin.getByRole('heading', { name: `🏆 Sorteo e2e ${stamp}` }).waitFor(QUEUED);
    expect(await admin.getByTestId('contest-meta').textContent()).toContain(
      'Premios: 200 de oro · 50 de oro',
    );
    await admin.close();
  });

  it('a member enters a draw, sees it end with her as winner, and collects the prize once', async () => {
    // A draw that ends in a few seconds, made through the API as the form does.
    const res = await boss.context.request.post(`${API}/gift/createContest.do`, {
      headers: { origin: baseURL },
      data: {
        name: `Relámpago ${stamp}`,
        type: 'random',
        prizes: '75',
        expiration: Date.now() + 6000,
        idempotencyKey: `e2e-draw-${stamp}`,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const [contest] = (await res.json()).Contest as { id: number }[];

    page = await connectedPage(pia, '/html/gifts/contests.jsp');
    await page
      .getByTestId('contest-card')
      .filter({ hasText: `Relámpago ${stamp}` })
      .click();
    await page.getByRole('button', { name: 'Participar' }).click();
    await page.getByTestId('contest-entered').waitFor(QUEUED);
    expect(await page.getByTestId('contest-meta').textContent()).toContain('Participantes: 1');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'contest-entered-phone');

    await page.waitForTimeout(Math.max(0, 6500));
    await page.goto(`/html/gifts/contest.jsp?contestId=${contest.id}`);
    const winners = page.getByTestId('contest-winners');
    await winners.waitFor(QUEUED);
    expect(await winners.textContent()).toContain(pia.name);
    // The win's own dialog (its contestWon push) can open over the page just after it loads,
    // hiding it: put it aside, then collect from the page.
    const collect = page.getByRole('button', { name: 'Recoger mi premio: 75 de oro' });
    await expect
      .poll(async () => {
        const over = page.getByRole('dialog');
        if (await over.count()) await over.getByRole('button', { name: 'Cerrar' }).first().click();
        return collect.isVisible();
      }, QUEUED)
      .toBe(true);
    await collect.click();
    await page.getByTestId('contest-redeemed').waitFor(QUEUED);
    expect(await page.getByRole('button', { name: /Recoger mi premio/ }).count()).toBe(0);
    await screenshot(page, 'contest-won-phone');
    const gold = await pia.context.request.get(`${API}/premiumfeature/fetchMocoGoldBalance.do`);
    expect((await gold.json()).Integer[0]).toBe(75);
    // The header's balance follows at once.
    await page.getByTestId('header-gold').filter({ hasText: '75 de oro' }).waitFor(QUEUED);

    await page.goto('/html/gifts/contests.jsp');
    await page.getByTestId('contest-card').first().waitFor();
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'contests-desktop');
  });

  it('a spin from a room shows in the room as a line with its prize', async () => {
    const rooms = await pia.context.request.get(`${API}/chat/getRooms.do`);
    const room = ((await rooms.json()).ChatRoom as { id: number; name?: string }[]).find(
      (r) => r.name === 'tertulia',
    );
    expect(room).toBeDefined();
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`/chat/room/${room!.id}`);
    await page
      .getByTestId('room-spin')
      .first()
      .waitFor({ state: 'attached', ...QUEUED });
    await page.goto(`/html/gifts/spin.jsp?roomId=${room!.id}`);
    await page.getByTestId('spin-sharing').waitFor();
    await page.getByRole('button', { name: 'Girar' }).click();
    await page.getByTestId('spin-result').waitFor(QUEUED);
    await page.goto(`/chat/room/${room!.id}`);
    const line = page.getByTestId('spin-line').last();
    await line.waitFor(QUEUED);
    expect(await line.textContent()).toMatch(/Giró la ruleta y ganó \d+ (de oro|gemas)/);
    await screenshot(page, 'room-spin-line-phone');
  });

  it('a spin sent in a conversation shows to the receiver as a message, to spin from the spin page', async () => {
    const sent = await pia.context.request.post(`${API}/message/send.do`, {
      headers: { origin: baseURL },
      data: { message: 'Hola, ¿giramos?', targetIds: [boss.uid] },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const cid = (await sent.json()).Conversation[0].conversationId;
    await page.goto(`/html/online/message-view.jsp?cid=${cid}&u=&type=1`);
    await (await conversationTool(page, 'im-send-spin')).click();
    await page.getByText('Tirada regalada a').waitFor(QUEUED);
    const bossPage = await connectedPage(boss, `/html/online/message-view.jsp?cid=${cid}&u=&type=1`);
    const line = bossPage.getByTestId('spin-line');
    await line.waitFor(QUEUED);
    expect(await line.textContent()).toContain('Te regalaron una tirada: ¡gírala!');
    await screenshot(bossPage, 'conversation-spin-phone');
    await line.getByRole('link').click();
    await bossPage.getByRole('button', { name: 'Girar esta' }).waitFor(QUEUED);
    await bossPage.close();
  });
});
