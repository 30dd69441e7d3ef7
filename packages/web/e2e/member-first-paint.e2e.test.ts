import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleProblems, screenshot, VIEWPORTS } from './browser';
import { API, baseURL, firstVisitContext, stamp, withBrowser } from './journey';
import { befriend, type Member, register } from './members';

withBrowser();

/**
 * A member's first pages drawn by the server with their own answers (docs/first-paint.md,
 * "Members"): with JavaScript off they show the member's data, with it on the browser hydrates
 * them without a mismatch and without asking those answers again.
 */

const headers = { origin: baseURL };
const GREETING = (name: string) => `Hola, ${name}`;
const MESSAGE = 'Hola, ¿quedamos el sábado en la plaza?';

describe("a member's first paint", () => {
  let ana: Member;
  let beto: Member;
  let conversation: string;
  let room: string;

  beforeAll(async () => {
    ana = await register(`pinta${stamp}`, 'f', { year: 1990, month: 3, day: 9 });
    beto = await register(`pintb${stamp}`, 'm', { year: 1989, month: 7, day: 2 });
    await befriend(ana, beto);
    const sent = await beto.context.request.post(`${API}/message/send.do`, {
      headers,
      data: { targetIds: [ana.uid], message: MESSAGE },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const c = (await sent.json()).Conversation[0];
    conversation = `/html/online/message-view.jsp?cid=${c.conversationId}&type=${c.type ?? 1}`;
    const made = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers,
      data: { name: `Sala pintada ${stamp}`, roomType: 2, categoryName: 'Pruebas' },
    });
    expect(made.ok(), await made.text()).toBe(true);
    room = `/chat/room/${(await made.json()).ChatRoom[0].id}`;
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it("is drawn with the member's own answers, for them alone", async () => {
    const home = await ana.context.request.get('/html/index.jsp');
    const html = await home.text();
    expect(html).toContain(GREETING(ana.name));
    expect(home.headers()['cache-control']).toBe('private, no-cache');
    expect(home.headers().vary).toContain('cookie');
    // The answers it was drawn with travel in the page, so the browser does not ask them again.
    const data = JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]);
    const asked = data.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[0]);
    expect(asked).toContain(`${API}/user/getSessionUser.do`);
    // Inert until it hydrates: nothing typed or tapped before React listens is lost.
    expect(html).toContain('<div id="root" inert>');
    // Another member's cookie draws another member's page.
    const other = await beto.context.request.get('/html/index.jsp');
    const otherHtml = await other.text();
    expect(otherHtml).toContain(GREETING(beto.name));
    expect(otherHtml).not.toContain(GREETING(ana.name));
    // A page not drawn for members is the plain shell.
    const settings = await ana.context.request.get('/html/settings.jsp');
    expect(await settings.text()).toContain('<div id="root"></div>');
    // A profile is drawn with its lazy parts (the feed's guestbook), named for the browser to load.
    const profile = await (await ana.context.request.get(`/html/profile-view.jsp?user=${beto.uid}`)).text();
    expect(profile).toContain(`Escribe en el libro de visitas de ${beto.name}`);
    const parts = JSON.parse(
      /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(profile)![1],
    ).parts;
    expect(parts).toContain('src/features/feed/ProfileFeed.tsx');
  });

  it('shows the home and a conversation with JavaScript disabled', async () => {
    const context = await firstVisitContext(false, VIEWPORTS.phone, ana.context);
    const page = await context.newPage();
    const main = page.getByRole('main');

    await page.goto('/html/index.jsp');
    await main.getByRole('heading', { level: 1, name: GREETING(ana.name) }).waitFor();
    // The tab names the page before any script runs (the title the page gives itself once live).
    expect(await page.title()).toBe('Inicio · Tertulia');
    await screenshot(page, 'member-first-paint-home-nojs-phone');

    await page.goto(conversation);
    await main.getByText(MESSAGE).waitFor();
    await screenshot(page, 'member-first-paint-conversation-nojs-phone');

    await context.close();
  });

  it('hydrates each page with nothing on the console, and the page works', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      // A browser in another zone whose clock is 90 s ahead of the server's: the drawn times must
      // hydrate as drawn, then follow this browser (ui/time/clock.ts). A message sent seconds ago
      // is drawn "recientemente", and this browser alone would write "hace 1 minuto".
      const context = await firstVisitContext(true, viewport, ana.context, {
        timezoneId: 'America/Mexico_City',
      });
      await context.clock.install({ time: Date.now() + 90_000 });
      const page = await context.newPage();
      const problems = consoleProblems(page);
      const main = page.getByRole('main');

      await page.goto('/html/index.jsp', { waitUntil: 'networkidle' });
      await main.getByRole('heading', { level: 1, name: GREETING(ana.name) }).waitFor();
      expect(await page.locator('#root').getAttribute('inert')).toBeNull();
      await screenshot(page, `member-first-paint-home-${viewport.width}`);

      await page.goto(conversation, { waitUntil: 'networkidle' });
      await main.getByText(MESSAGE).waitFor();
      // Live, the message's time is this browser's: a minute or more ago.
      await main
        .locator('time')
        .getByText(/^hace \d+ minutos?$/)
        .first()
        .waitFor();
      // React owns the drawn composer: typing enables its send button.
      const box = main.getByRole('textbox', { name: 'Tu mensaje' });
      await box.fill('¡Claro!');
      await expect
        .poll(() => main.getByRole('button', { name: 'Enviar', exact: true }).isEnabled())
        .toBe(true);
      await screenshot(page, `member-first-paint-conversation-${viewport.width}`);

      // The profile's guestbook is a lazy part: typed into as soon as the page is live, its words
      // reach React (the post button enables), and the entry is posted.
      await page.goto(`/html/profile-view.jsp?user=${beto.uid}`);
      const words = `Hola desde la primera pintura ${viewport.width}`;
      await main.getByRole('textbox', { name: `Escribe en el libro de visitas de ${beto.name}` }).fill(words);
      await page.locator('#guestbook').getByRole('button', { name: 'Publicar' }).click();
      await main.getByTestId('guestbook-entry').filter({ hasText: words }).waitFor();
      await screenshot(page, `member-first-paint-profile-${viewport.width}`);

      await page.goto(room, { waitUntil: 'networkidle' });
      await main.getByRole('textbox').first().waitFor();
      await screenshot(page, `member-first-paint-room-${viewport.width}`);

      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
