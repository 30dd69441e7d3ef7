import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminGame } from '@tertulia/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { exampleGame, registerGame } from './games-fixtures/games';
import { API, baseURL, stamp, withBrowser } from './journey';
import { befriend, connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

/** Screens of this journey are copied here too, to be looked at. */
const SHOTS = process.env.GAMES_SHOTS_DIR;
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(join('test-results/web-e2e', `${name}.png`), join(SHOTS, `${name}.png`));
  }
}

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1992, month: 3, day: 5 });

describe('games journey: the example game from the listing to a friend’s leaderboard', () => {
  let ana: Member;
  let beto: Member;
  let game: AdminGame;
  let betoPage: Page;

  beforeAll(async () => {
    ana = await member(`anga${stamp}`, 'f');
    beto = await member(`betga${stamp}`, 'm');
    await befriend(ana, beto);
    await grantAdmin(ana);
    game = await exampleGame(ana);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('the header leads to the listing, where the example game has its play button (phone)', async () => {
    betoPage = await connectedPage(beto, '/html/index.jsp');
    await betoPage.getByTestId('nav-games').click();
    await betoPage.getByRole('heading', { level: 1, name: 'Juegos' }).waitFor();
    const card = betoPage.getByTestId('game-card').filter({ hasText: game.name ?? '' });
    await card.waitFor();
    // The play button's text (Jugar) is short enough to stay whole; its label names the game.
    const play = card.getByTestId('game-play');
    expect((await play.textContent())?.trim()).toBe('▶ Jugar');
    expect(await play.getAttribute('aria-label')).toBe(`Jugar a ${game.name}`);
    await shot(betoPage, 'games-listing-phone');
    expect(await seriousViolations(betoPage)).toEqual([]);
  });

  it('plays: the game opens sandboxed, knows the player, and its score reaches the leaderboard', async () => {
    await betoPage
      .getByTestId('game-card')
      .filter({ hasText: game.name ?? '' })
      .getByTestId('game-play')
      .click();
    const frameEl = betoPage.getByTestId('game-frame');
    await frameEl.waitFor();
    expect(await frameEl.getAttribute('sandbox')).toBe('allow-scripts');
    expect(await frameEl.getAttribute('src')).toMatch(/\/games-builtin\/example\/index\.html$/);
    const frame = betoPage.frameLocator('[data-testid="game-frame"]');
    // getPlayer answered through the bridge: the game shows the member's name and Spanish words.
    await frame.getByText(beto.name).waitFor();
    await frame.getByRole('button', { name: '▶ Jugar' }).click();
    for (let i = 0; i < 3; i++) await frame.locator('#star').click();
    await frame.getByText('30 puntos').waitFor();
    // The round ends after 10 s, the score goes through the SDK and the game redraws its board.
    await frame.getByText(`1. ${beto.name}: 30`).waitFor({ timeout: 20_000 });
    await betoPage.getByTestId('game-leaderboard').getByText(beto.name).waitFor();
    expect(await betoPage.getByTestId('game-leaderboard').textContent()).toContain('30');
    // The game's own room (type 5) under the frame on a phone: the member enters and speaks.
    const chat = betoPage.getByTestId('game-chat');
    await chat.getByTestId('game-chat-input').fill('¡30 puntos! ¿Quién me gana?');
    await chat.getByTestId('game-chat-input').press('Enter');
    // The stream's line, not the composer's text (it may not be cleared yet).
    await chat.getByTestId('chat-entry').getByText('¿Quién me gana?').waitFor();
    await shot(betoPage, 'games-play-phone');
    if (SHOTS) await betoPage.screenshot({ path: join(SHOTS, 'games-play-phone-viewport.png') });
    await betoPage.setViewportSize(VIEWPORTS.desktop);
    // Beside the frame on a desktop.
    const [frameBox, chatBox] = [await frameEl.boundingBox(), await chat.boundingBox()];
    expect(chatBox!.x).toBeGreaterThan(frameBox!.x + frameBox!.width - 1);
    await shot(betoPage, 'games-play-desktop');
    if (SHOTS) {
      await betoPage.setViewportSize({ width: 1280, height: 800 });
      await frameEl.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await betoPage.screenshot({ path: join(SHOTS, 'games-play-desktop-viewport.png') });
    }
  });

  it('a friend, in another browser context, sees the score on the friends leaderboard', async () => {
    const anaPage = await connectedPage(ana, `/games?gid=${game.id}`, true);
    const board = anaPage.getByTestId('game-leaderboard');
    await board.waitFor();
    const row = board.getByRole('row').filter({ hasText: beto.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('30');
    await anaPage.getByTestId('board-weekly').click();
    await board.getByRole('row').filter({ hasText: beto.name }).waitFor();
    await shot(anaPage, 'games-page-desktop');
    expect(await seriousViolations(anaPage)).toEqual([]);
    // The player's profile shows the game and what they are doing in it, linking back in.
    await anaPage.goto(`/html/profile-view.jsp?user=${beto.uid}`);
    const games = anaPage.getByTestId('profile-games');
    await games.getByText('Atrapando estrellas').waitFor();
    expect(await games.getByRole('link').first().getAttribute('href')).toContain(
      `/games?gid=${game.id}&source=profile_presence`,
    );
    await anaPage.close();
  });

  it('the admin area lists the games with their switches', async () => {
    const adminPage = await connectedPage(ana, '/html/admin/games.jsp', true);
    const row = adminPage.getByTestId('admin-game').filter({ hasText: game.name ?? '' });
    await row.waitFor();
    expect(await row.getByRole('button').allTextContents()).toEqual(
      game.isFeatured ? ['Quitar de destacados', 'Ocultar', 'Retirar'] : ['Destacar', 'Ocultar', 'Retirar'],
    );
    await adminPage.getByTestId('game-register').waitFor();
    await shot(adminPage, 'games-admin-desktop');
    await adminPage.close();
  });

  it('an external game’s presence HTML shows on the profile, in a frame that runs nothing', async () => {
    const studio = await registerGame(ana, {
      name: `Estudio ${stamp}`,
      kind: 'external',
      url: 'https://estudio.example.org/juego/',
      presenceUrl: 'https://estudio.example.org/presence',
    });
    const opened = await beto.context.request.get(`${API}/game/getOAuthToken.do?gid=${studio.id}`, {
      headers: { origin: baseURL },
    });
    expect(opened.ok(), await opened.text()).toBe(true);
    // The game's own server is out of reach here (the guarded fetch refuses local addresses): the
    // page gets what the server answers after sanitizing, a script included to prove it cannot run.
    const link = `/games?gid=${studio.id}&source=profile_presence&gameParams=level%3D7`;
    const html = `<p>Nivel <b>7</b>: 1.250 monedas</p><a href="${link}">Jugar conmigo</a><script>parent.document.title='pwned'</script>`;
    for (const viewport of [VIEWPORTS.phone, { width: 1280, height: 800 }]) {
      const page = await connectedPage(ana, '/html/index.jsp');
      await page.setViewportSize(viewport);
      await page.route(`**${API}/game/getPresenceHtml.do*`, (route) =>
        route.fulfill({ json: { String: [html] } }),
      );
      await page.goto(`/html/profile-view.jsp?user=${beto.uid}`);
      const box = page.locator(`[data-testid="game-presence"][data-gid="${studio.id}"] iframe`);
      // Asked for only once its line nears the screen.
      await page.locator(`[data-testid="game-presence"][data-gid="${studio.id}"]`).scrollIntoViewIfNeeded();
      await box.scrollIntoViewIfNeeded();
      expect(await box.getAttribute('sandbox')).toBe('allow-top-navigation-by-user-activation');
      const inside = page.frameLocator(`[data-testid="game-presence"][data-gid="${studio.id}"] iframe`);
      await inside.getByText('1.250 monedas').waitFor();
      expect(await page.title()).not.toBe('pwned');
      const wide = viewport.width > 900;
      if (SHOTS)
        await page.screenshot({ path: join(SHOTS, `games-presence-${wide ? 'desktop' : 'phone'}.png`) });
      if (wide) {
        // Its link opens the game in the page itself.
        await inside.getByRole('link', { name: 'Jugar conmigo' }).click();
        await page.waitForURL((url) => url.search.includes(`gid=${studio.id}`) && url.pathname === '/games');
      }
      await page.close();
    }
  });

  it('the report button files the member’s words for the moderators', async () => {
    await betoPage.getByTestId('game-report').click();
    await betoPage.getByTestId('game-report-text').fill('La estrella se queda quieta');
    await betoPage.getByRole('button', { name: 'Enviar' }).click();
    await betoPage.getByText('Gracias por avisarnos').waitFor();
  });
});
