import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3926';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [label, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
  const context = await browser.newContext({ baseURL: base, viewport, locale: 'es-ES' });
  const login = await context.request.post('/servlet/api/profile/login.do', { headers: { origin: base }, data: { name: 'lucia', password: 'tertulia-demo' } });
  const uid = (await login.json()).User[0].uid;
  const page = await context.newPage();
  await page.goto(`/live?u=${uid}`);
  await page.getByText('No estás transmitiendo.').waitFor();
  await page.screenshot({ path: `/tmp/i26-shots/live-off-${label}.png` });
  const friends = await (await context.request.get('/servlet/api/buddy/getBuddies.do')).json();
  const mateo = friends.User.find((u) => u.name === 'mateo');
  await page.goto(`/live?u=${mateo.uid}`);
  await page.getByTestId('live-state').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/i26-shots/live-other-${label}.png` });
  await page.goto('/html/settings.jsp');
  await page.getByText('Avisos con Tertulia cerrado').waitFor();
  await page.getByText('Avisos con Tertulia cerrado').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/i26-shots/settings-push-${label}.png` });
  await page.goto(`/html/profile-view.jsp?user=${uid}`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/i26-shots/profile-own-${label}.png` });
  await context.close();
}
await browser.close();
