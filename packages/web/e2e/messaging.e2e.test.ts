import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationTool, newContext, screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, browser, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1991, month: 6, day: 2 });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

describe('messaging journey', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;
  let betoPage: Page;

  beforeAll(async () => {
    ana = await member(`anim${stamp}`, 'f');
    beto = await member(`betim${stamp}`, 'm');
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('A writes from B’s profile; B gets it live with a badge and the count in the title', async () => {
    betoPage = await connectedPage(beto, '/html/index.jsp');
    await betoPage.getByTestId('im-button').waitFor();

    anaPage = await connectedPage(ana, `/html/profile-view.jsp?user=${beto.uid}`, true);
    await anaPage.getByRole('button', { name: 'Enviar mensaje' }).click();
    await anaPage
      .getByRole('textbox', { name: `Mensaje para ${beto.name}` })
      .fill('Hola **Beto**, ¿qué tal? :)');
    await anaPage.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
    // First message: the pledge comes first.
    await anaPage.getByRole('button', { name: 'Lo prometo' }).click();

    // The IM window opens on A's side with the line.
    const anaWindow = anaPage.getByTestId('im-view');
    await anaWindow.getByTestId('im-message').first().waitFor();
    expect(await anaWindow.getByTestId('im-message').first().locator('strong').textContent()).toBe('Beto');

    // B: badge and title count, live.
    await betoPage.getByTestId('im-badge').waitFor(QUEUED);
    expect(await betoPage.getByTestId('im-badge').textContent()).toBe('1');
    await expect.poll(() => betoPage.title(), QUEUED).toMatch(/^\(1\) /);
    await screenshot(betoPage, 'messaging-badge-phone');
  });

  it('B opens it from the header, reads it (badge to zero) and replies; A sees the reply and typing', async () => {
    await betoPage.getByTestId('im-button').click();
    const item = betoPage.getByTestId('im-item').first();
    expect(await item.getByTestId('im-item-badge').textContent()).toContain('1');
    await screenshot(betoPage, 'messaging-dropdown-phone');
    await item.click();
    const view = betoPage.getByTestId('im-view');
    await view.getByTestId('im-message').first().waitFor();
    await expect.poll(() => betoPage.getByTestId('im-badge').count(), QUEUED).toBe(0);
    await expect.poll(() => betoPage.title(), QUEUED).not.toMatch(/^\(/);

    await view.getByTestId('im-input').pressSequentially('¡Hola Ana!', { delay: 20 });
    await anaPage.getByTestId('im-typing').filter({ hasText: 'escribiendo' }).waitFor(QUEUED);
    await view.getByTestId('im-input').press('Enter');
    await view.getByTestId('im-message').filter({ hasText: '¡Hola Ana!' }).waitFor();
    await anaPage
      .getByTestId('im-view')
      .getByTestId('im-message')
      .filter({ hasText: '¡Hola Ana!' })
      .waitFor(QUEUED);
    await screenshot(betoPage, 'messaging-window-phone');
    await screenshot(anaPage, 'messaging-window-desktop');
    expect(await seriousViolations(betoPage)).toEqual([]);
  });

  it('gif links cannot be pasted into the message box', async () => {
    const input = betoPage.getByTestId('im-view').getByTestId('im-input');
    await input.focus();
    await input.evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text', 'https://giphy.com/gifs/abc');
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await toast(betoPage, 'Giphy').waitFor(QUEUED);
    expect(await input.inputValue()).toBe('');
  });

  it('a quick exchange in open windows: every line once on both sides, none left sending', async () => {
    // Each send into an open window asks for its newest line only; lines the answer doesn't hold
    // (a reply stored after it) are confirmed by their pushes.
    const anaView = anaPage.getByTestId('im-view');
    const betoView = betoPage.getByTestId('im-view');
    const lines = ['uno', 'dos', 'tres'];
    for (const line of lines) {
      await anaView.getByTestId('im-input').fill(`Ana ${line}`);
      await betoView.getByTestId('im-input').fill(`Beto ${line}`);
      // Both at once: the two lines are stored together, and one side's answer holds the other's.
      await Promise.all([
        anaView.getByTestId('im-input').press('Enter'),
        betoView.getByTestId('im-input').press('Enter'),
      ]);
    }
    const texts = lines.flatMap((line) => [`Ana ${line}`, `Beto ${line}`]);
    for (const view of [anaView, betoView]) {
      for (const text of texts) {
        await expect
          .poll(() => view.getByTestId('im-message').filter({ hasText: text }).count(), QUEUED)
          .toBe(1);
      }
      await expect
        .poll(() => view.locator('[data-testid="im-message"][data-status]').count(), QUEUED)
        .toBe(0);
    }
    await screenshot(anaPage, 'messaging-exchange-desktop');
  });

  it('the window stays open across a page load', async () => {
    await betoPage.reload();
    await betoPage.getByTestId('im-view').getByTestId('im-message').first().waitFor(QUEUED);
  });

  it('the conversation page, then leaving with confirmation removes it from the list', async () => {
    const cid = await betoPage.getByTestId('im-view').getAttribute('data-cid');
    await betoPage.goto(`/html/online/message-view.jsp?cid=${cid}&u=&type=1`);
    await betoPage.getByRole('heading', { name: `Con ${ana.name}` }).waitFor();
    await (await conversationTool(betoPage, 'im-leave')).click();
    const confirm = betoPage.getByRole('alertdialog');
    await confirm
      .getByText('Si dejas la conversación perderás su acceso. ¿Quieres continuar?', { exact: true })
      .waitFor();
    await confirm.getByRole('button', { name: 'Dejar' }).click();
    await toast(betoPage, 'Has dejado la conversación').waitFor(QUEUED);
    await betoPage.getByTestId('im-button').click();
    await expect.poll(() => betoPage.getByTestId('im-item').count()).toBe(0);
  });

  it('a new IM offers an opener in the member’s language; sent, it arrives as plain text', async () => {
    const cira = await member(`cirim${stamp}`, 'f');
    await anaPage.goto('/html/index.jsp');
    await anaPage.getByTestId('im-button').click();
    await anaPage.getByTestId('im-new').click();
    const form = anaPage.getByTestId('im-new-form');
    await form.getByLabel('Para').fill(cira.name);
    await form.getByRole('button', { name: 'Escribir' }).click();
    const opener = anaPage.getByTestId('im-icebreaker');
    await opener.waitFor(QUEUED);
    const text = (await opener.locator('q').textContent()) ?? '';
    expect(text).toContain('cirim');
    await screenshot(anaPage, 'messaging-icebreaker-desktop');
    await opener.getByRole('button', { name: 'Enviar este saludo' }).click();
    const line = anaPage
      .getByTestId('im-view')
      .getByTestId('im-message')
      .filter({ hasText: text.slice(0, 12) });
    await line.first().waitFor(QUEUED);
    expect(await line.first().textContent()).not.toContain('[icebreaker]');
    await expect.poll(() => opener.count(), QUEUED).toBe(0);
    await cira.context.close();
  });

  it('offline compose: the link opens the window; sending says "Se envió el mensaje"', async () => {
    await anaPage.goto(`/offline/offline-compose.jsp?destid=${beto.uid}`);
    const form = anaPage.getByTestId('offline-compose');
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Para').inputValue(), QUEUED).toBe(beto.name);
    await form.getByLabel('Asunto').fill('Una carta');
    await form.getByLabel('Mensaje', { exact: true }).fill('Te escribo cuando no estás.');
    await screenshot(anaPage, 'messaging-offline-compose-desktop');
    await form.getByRole('button', { name: 'Enviar' }).click();
    await toast(anaPage, 'Se envió el mensaje').waitFor(QUEUED);

    await betoPage.goto('/offline/offline-inbox.jsp');
    await betoPage.getByTestId('offline-mail').filter({ hasText: 'Una carta' }).waitFor(QUEUED);
    await screenshot(betoPage, 'messaging-inbox-phone');
  });

  it('a visitor following a compose link is sent home to log in', async () => {
    const visitor = await newContext(browser, baseURL);
    const page = await visitor.newPage();
    await page.goto(`/offline/offline-compose.jsp?destid=${beto.uid}`);
    await page.waitForURL(/pagestatusmsg=error\.mustBeLoggedIn/);
    await visitor.close();
  });
});

describe('voice messages', () => {
  it('records in the browser (a fake microphone), sends multipart and plays with progress', async () => {
    // A browser of its own: the fake microphone needs launch flags the other journeys do not want.
    const withMic = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    try {
      const carla = await member(`carv${stamp}`, 'f');
      const dani = await member(`danv${stamp}`, 'm');
      const sent = await carla.context.request.post(`${API}/message/send.do`, {
        headers: { origin: baseURL },
        data: { message: 'Te mando un audio', targetIds: [dani.uid] },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      const cid = (await sent.json()).Conversation[0].conversationId as number;
      const context = await withMic.newContext({
        baseURL,
        viewport: VIEWPORTS.phone,
        locale: 'es-ES',
        serviceWorkers: 'block',
        permissions: ['microphone'],
        storageState: await carla.context.storageState(),
      });
      const page = await context.newPage();
      await page.goto(`/html/online/message-view.jsp?cid=${cid}&u=&type=1`);
      await page.getByTestId('im-message').first().waitFor();
      await page.getByRole('button', { name: 'Grabar un mensaje de voz' }).click();
      await page.waitForTimeout(1200);
      await page.getByRole('button', { name: 'Terminar y enviar la grabación' }).click();
      const play = page.getByRole('button', { name: 'Reproducir mensaje de voz' });
      await play.waitFor(QUEUED);
      await play.click();
      await page.getByRole('button', { name: 'Pausar mensaje de voz' }).waitFor();
      await expect
        .poll(() =>
          page
            .locator('progress')
            .last()
            .evaluate((p) => (p as HTMLProgressElement).value),
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'messaging-voice-phone');
      await context.close();
      await carla.context.close();
      await dani.context.close();
    } finally {
      await withMic.close();
    }
  });
});
