import { mkdirSync } from 'node:fs';
import type { AdminGame } from '@tertulia/contract';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { registerGame } from './games-fixtures/games';
import { API, stamp, withBrowser } from './journey';
import { befriend, connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1991, month: 4, day: 9 });

/** Cuatro en raya as the server lists it (made at start on a real install; registered here when missing). */
async function cuatroGame(admin: Member): Promise<AdminGame> {
  const listed = await admin.context.request.get(`${API}/admin/getGames.do?limit=100`);
  const found = ((await listed.json()).AdminGame as AdminGame[]).find((g) => g.slug === 'cuatro');
  return found ?? registerGame(admin, { name: 'Cuatro en raya', kind: 'builtin', slug: 'cuatro' });
}

/** Screens as the member sees them (the viewport: a full-page capture leaves a frame blank on a desktop). */
async function seen(page: Page, name: string) {
  await screenshot(page, name);
  const dir = process.env.GAMES_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.getByTestId('game-frame').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/${name}-viewport.png` });
}

/** Opens the game's page and starts the game: the frame's lobby shows. */
async function openGame(page: Page): Promise<FrameLocator> {
  // After a reload the page may open the game at once (it remembers the member was playing).
  await page.getByTestId('game-play').or(page.getByTestId('game-frame')).first().waitFor();
  if (await page.getByTestId('game-play').isVisible()) await page.getByTestId('game-play').click();
  await page.getByTestId('game-frame').waitFor();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByRole('heading', { name: 'Cuatro en raya' }).waitFor();
  return frame;
}

/** Drops a disc once it is this player's turn (the status line says so). */
async function drop(frame: FrameLocator, column: number) {
  await frame.locator('.status.mine').waitFor();
  await frame.locator('.board .hit').nth(column).click();
  await frame.locator('.status:not(.mine)').waitFor();
}

describe('Cuatro en raya: two members play a live match to the end in two browsers', () => {
  let ana: Member;
  let beto: Member;
  let game: AdminGame;
  let anaPage: Page;
  let betoPage: Page;

  beforeAll(async () => {
    ana = await member(`ancu${stamp}`, 'f');
    beto = await member(`becu${stamp}`, 'm');
    await befriend(ana, beto);
    await grantAdmin(ana);
    game = await cuatroGame(ana);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('ana challenges beto, beto accepts, they play to four in a row; both boards agree', {
    timeout: 240_000,
  }, async () => {
    anaPage = await connectedPage(ana, `/games?gid=${game.id}`); // phone
    betoPage = await connectedPage(beto, `/games?gid=${game.id}`, true); // desktop
    const anaFrame = await openGame(anaPage);
    const betoFrame = await openGame(betoPage);
    await seen(anaPage, 'cuatro-lobby-phone');

    await anaFrame.getByRole('button', { name: 'Retar a un amigo' }).click();
    await anaFrame
      .getByRole('listitem')
      .filter({ hasText: beto.name })
      .getByRole('button', { name: 'Retar' })
      .click();
    await anaFrame.getByText(`Esperando a ${beto.name}`).waitFor();

    // The challenge reaches beto's open game live (a game event through his push channel).
    const invitation = betoFrame.getByRole('listitem').filter({ hasText: ana.name });
    await invitation.getByRole('button', { name: 'Aceptar' }).click();
    await betoFrame.locator('.board').waitFor();
    await anaFrame.getByText('Tu turno').waitFor();

    // Red (ana) fills column 1, beto answers in column 2: each move shows on the other board live.
    for (let i = 0; i < 3; i++) {
      await drop(anaFrame, 0);
      await drop(betoFrame, 1);
    }
    expect(await betoFrame.locator('.board .disc').count()).toBe(6);
    await seen(betoPage, 'cuatro-playing-desktop');
    // The game's chat room sits beside the board on a desktop.
    const [frameBox, chatBox] = [
      await betoPage.getByTestId('game-frame').boundingBox(),
      await betoPage.getByTestId('game-chat').boundingBox(),
    ];
    expect(chatBox!.x).toBeGreaterThan(frameBox!.x + frameBox!.width - 1);
    await drop(anaFrame, 0);

    await anaFrame.getByText('¡Has ganado!').waitFor();
    await betoFrame.getByText('Has perdido').waitFor();
    expect(await anaFrame.locator('.board .disc.win').count()).toBe(4);
    expect(await betoFrame.locator('.board .disc').count()).toBe(7);
    // A finished match takes no move: the board offers none and a rematch is offered instead.
    await betoFrame.getByRole('button', { name: 'Revancha' }).waitFor();
    await seen(anaPage, 'cuatro-won-phone');
    await seen(betoPage, 'cuatro-lost-desktop');
    expect(await seriousViolations(betoPage)).toEqual([]);
  });

  it('a reload keeps the match: beto comes back to the finished board from his lobby', async () => {
    await betoPage.reload();
    const frame = await openGame(betoPage);
    await frame
      .getByRole('listitem')
      .filter({ hasText: ana.name })
      .getByRole('button', { name: 'Abrir' })
      .click();
    await frame.getByText('Has perdido').waitFor();
    expect(await frame.locator('.board .disc').count()).toBe(7);
  });
});
