import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { API, baseURL, stamp, withBrowser } from './journey';
import { grantAdmin, type Member, register } from './members';

withBrowser();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const SHOTS = '/tmp/shots-admin';

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

const post = (who: Member, call: string, data: Record<string, unknown>) =>
  who.context.request.post(`${API}/${call}.do`, { headers: { origin: baseURL }, data });

describe('the admin area: a report through the queue to the reporter’s notice', () => {
  let admin: Member;
  let reporter: Member;
  let rude: Member;
  let plain: Member;

  beforeAll(async () => {
    const birthday = { year: 1990, month: 4, day: 2 };
    admin = await register(`jefa${stamp}`, 'f', birthday);
    reporter = await register(`testigo${stamp}`, 'f', birthday);
    rude = await register(`grosero${stamp}`, 'm', birthday);
    plain = await register(`normal${stamp}`, 'm', birthday);
    await grantAdmin(admin);
    const reported = await post(reporter, 'user/reportUser', {
      reportedUserID: rude.uid,
      comment: 'Insulta a todos',
    });
    expect(reported.ok(), await reported.text()).toBe(true);
  });
  afterAll(async () => {
    for (const m of [admin, reporter, rude, plain]) await m?.context.close();
  });

  it('keeps members out: the page says so and the server refuses the calls', async () => {
    const page = await plain.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/html/admin/reports.jsp');
    await page.getByText('Esta sección es solo para el equipo de Tertulia.').waitFor();
    const refused = await plain.context.request.get(`${API}/admin/getReports.do`);
    expect(refused.status()).toBe(403);
    await page.close();
  });

  it('shows the report in context; the admin warns; the reporter is told', async () => {
    const page = await admin.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto('/html/admin/index.jsp');
    await page.getByTestId('stat-openReports').waitFor();
    await expect.poll(() => page.getByTestId('stat-openReports').textContent()).not.toContain('…');
    // The daily charts draw (uPlot, loaded with this page only) and the top errors list is there.
    for (const metric of ['active', 'signups', 'messages', 'chatLines', 'gifts', 'goldSold']) {
      await page.getByTestId(`chart-${metric}`).locator('canvas').first().waitFor();
    }
    await page.getByTestId('top-errors').waitFor({ state: 'attached' });
    await shoot(page, 'dashboard');

    await page.getByRole('link', { name: 'Denuncias' }).click();
    const card = page.getByTestId('report').filter({ hasText: rude.name });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Insulta a todos');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'queue');
    await card.getByLabel('Motivo').fill('Lenguaje ofensivo');
    await card.getByRole('button', { name: 'Advertir' }).click();
    await expect.poll(() => page.getByTestId('report').filter({ hasText: rude.name }).count()).toBe(0);

    const notices = await reporter.context.request.get(`${API}/user/getNotifications.do`);
    const list = (await notices.json()).Notification as { kind: string; text: string }[];
    expect(list[0]).toMatchObject({ kind: 'reportActed', text: expect.stringContaining('tomamos medidas') });

    await page.getByRole('link', { name: 'Registro' }).click();
    await page.getByTestId('audit-entry').first().waitFor();
    await expect.poll(() => page.getByTestId('audit-entry').first().textContent()).toContain('resolve:warn');
    await shoot(page, 'audit');
    await page.close();
  });

  it('sends the page views with sendBeacon when a page is left: the day counts the member active', async () => {
    const activeToday = async () => {
      const res = await admin.context.request.get(`${API}/admin/getDailyStats.do?days=7`);
      const series = (await res.json()).DailySeries as { metric: string; points: { value: number }[] }[];
      return series.find((s) => s.metric === 'active')!.points.at(-1)!.value;
    };
    const before = await activeToday();
    const newcomer = await register(`recien${stamp}`, 'f', { year: 1995, month: 1, day: 9 });
    const page = await newcomer.context.newPage();
    await page.goto('/html/index.jsp');
    await page.waitForLoadState('networkidle');
    // Fewer than a batch: nothing is sent until the page goes away.
    await page.close({ runBeforeUnload: true });
    // The intake writes within 100 ms; 'active' counts the members whose events arrived today.
    await expect.poll(activeToday, { timeout: 10_000 }).toBe(before + 1);
    await newcomer.context.close();
  });

  it('bans from the member page: the member is logged out and login says why', async () => {
    const page = await admin.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/html/admin/members.jsp?q=${rude.name}`);
    await page.getByRole('link', { name: rude.name }).click();
    await page.getByTestId('admin-member').waitFor();
    await page.getByLabel('Motivo').fill('Reincidente');
    await page.getByLabel('Días (0: hasta levantarla)').fill('3');
    await page.getByRole('button', { name: 'Suspender' }).click();
    await expect.poll(() => page.getByTestId('admin-member').textContent()).toContain('Suspendido hasta');
    await shoot(page, 'member');
    expect((await rude.context.request.get(`${API}/user/getLoggedInUser.do`)).status()).toBe(401);
    const login = await rude.context.request.post(`${API}/profile/login.do`, {
      headers: { origin: baseURL },
      data: { name: rude.name, password: 'una-clave-larga-9' },
    });
    expect(login.status()).toBe(403);
    expect((await login.json()).message).toMatch(/suspendida hasta .* Motivo: Reincidente/);
    await page.close();
  });
});
