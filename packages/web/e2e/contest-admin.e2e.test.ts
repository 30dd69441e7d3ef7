import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { buyGold, connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

const birthday = { year: 1990, month: 3, day: 14 };

describe('contest admin tools and a spin sent from a profile', () => {
  let boss: Member;
  let rosa: Member;

  beforeAll(async () => {
    boss = await register(`jefad${stamp}`, 'f', birthday);
    rosa = await register(`rosad${stamp}`, 'f', birthday);
    await grantAdmin(boss);
  });
  afterAll(async () => {
    await boss?.context.close();
    await rosa?.context.close();
  });

  it('an admin edits a running contest, then cancels it; the entrant sees it cancelled', async () => {
    const res = await boss.context.request.post(`${API}/gift/createContest.do`, {
      headers: { origin: baseURL },
      data: {
        name: `Sorteo ${stamp}`,
        type: 'random',
        prizes: '100,40',
        expiration: Date.now() + 3_600_000,
        idempotencyKey: `e2e-contest-${stamp}`,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const [contest] = (await res.json()).Contest as { id: number }[];
    const entered = await rosa.context.request.post(`${API}/gift/enterContest.do`, {
      headers: { origin: baseURL },
      data: { contestId: contest.id },
    });
    expect(entered.ok(), await entered.text()).toBe(true);

    const admin = await connectedPage(boss, `/html/gifts/contest.jsp?contestId=${contest.id}`);
    await admin.getByText('Gestionar el concurso').click();
    const tools = admin.getByTestId('contest-admin');
    // Lowering a prize once it runs is refused in words.
    await tools.getByLabel('Premios por puesto (separados por comas)').fill('100,10');
    await tools.getByRole('button', { name: 'Guardar cambios' }).click();
    await tools.getByRole('alert').filter({ hasText: 'los premios solo pueden subir' }).waitFor(QUEUED);
    await tools.getByLabel('Nombre').fill(`Gran sorteo ${stamp}`);
    await tools.getByLabel('Premios por puesto (separados por comas)').fill('150,40,20');
    await tools.getByRole('button', { name: 'Guardar cambios' }).click();
    await admin.getByRole('heading', { name: `🏆 Gran sorteo ${stamp}` }).waitFor(QUEUED);
    expect(await admin.getByTestId('contest-meta').textContent()).toContain(
      '150 de oro · 40 de oro · 20 de oro',
    );
    await admin.getByText('Gestionar el concurso').click();
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshot(admin, 'contest-admin-phone');
    await admin.setViewportSize(VIEWPORTS.desktop);
    await screenshot(admin, 'contest-admin-desktop');

    await admin.getByTestId('contest-admin').getByRole('button', { name: 'Cancelar el concurso' }).click();
    const dialog = admin.getByRole('alertdialog', { name: '¿Cancelar el concurso?' });
    await dialog.getByRole('button', { name: 'Sí, cancelarlo' }).click();
    await admin.getByTestId('contest-cancelled').waitFor(QUEUED);
    expect(await admin.getByTestId('contest-admin').count()).toBe(0);
    await admin.close();

    const page = await connectedPage(rosa, `/html/gifts/contest.jsp?contestId=${contest.id}`);
    await page.getByTestId('contest-cancelled').waitFor(QUEUED);
    expect(await page.getByRole('button', { name: 'Participar' }).count()).toBe(0);
    expect(await page.getByTestId('contest-admin').count()).toBe(0);
    await screenshot(page, 'contest-cancelled-phone');
    const notices = await rosa.context.request.get(`${API}/user/getNotifications.do`);
    expect(JSON.stringify(await notices.json())).toContain('Se canceló un concurso en el que participabas');
    await page.close();
  });

  it("a member sends a spin from another member's profile; it arrives in their conversation", async () => {
    await buyGold(rosa);
    const page = await connectedPage(rosa, `/html/profile-view.jsp?user=${boss.uid}`);
    await page.getByTestId('profile-send-spin').click();
    await page.getByText('Tirada regalada a').waitFor(QUEUED);
    await screenshot(page, 'profile-send-spin-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'profile-send-spin-desktop');
    const unread = await boss.context.request.get(`${API}/message/getUnreadMessages.do`);
    const messages = (await unread.json()).Message as { spin?: { id: number }; sender?: { uid: number } }[];
    expect(messages.find((m) => m.spin)?.sender?.uid).toBe(rosa.uid);
    await page.close();
  });
});
