import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALABRA_GID } from '../../server/src/features/games/modules/palabra';
import { palabraAnswer } from '../../server/src/features/games/modules/palabra-play';
import { dayOf } from '../../server/src/features/games/modules/palabra-rules';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { dataDir, stamp, withBrowser } from './journey';
import { befriend, connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1993, month: 6, day: 8 });
/** The day's word, as the server chooses it (the journey's server keeps its secret in DATA_DIR). */
const todaysWord = () =>
  palabraAnswer(readFileSync(join(dataDir, '.secret-key'), 'utf8').trim(), dayOf(Date.now()));

describe('La palabra del día: a member solves the daily word; a friend sees it on the friends board', () => {
  let ana: Member;
  let beto: Member;
  let page: Page;

  beforeAll(async () => {
    ana = await member(`anpa${stamp}`, 'f');
    beto = await member(`betpa${stamp}`, 'm');
    await befriend(ana, beto);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('opens with the how-to-play screen and plays with both keyboards (phone)', async () => {
    page = await connectedPage(ana, `/games?gid=${PALABRA_GID}`);
    await page.getByTestId('game-play').first().click();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await frame.getByRole('heading', { name: 'Cómo se juega' }).waitFor();
    await screenshot(page, 'palabra-howto-phone');
    // By keys (the how-to screen focuses its button): a pointer click inside the frame can land on
    // the page's fixed bars over it, which the frame's own hit test cannot see (2 runs of 5 lost
    // the click that way, session 15).
    await frame.getByRole('button', { name: 'Jugar' }).press('Enter');
    await frame.locator('#how').waitFor({ state: 'hidden' });
    // A word outside the list: refused with the server's words, the row shakes, nothing counts.
    await frame.locator('body').click({ position: { x: 5, y: 60 } });
    await page.keyboard.type('qwxyz');
    await page.keyboard.press('Enter');
    await frame.getByText('Esa palabra no está en nuestra lista.').waitFor();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    // The answer on the on-screen keyboard (pointer), Ñ included when the word has one.
    const word = todaysWord();
    for (const c of word) await frame.locator(`[data-key="${c}"]`).click();
    await frame.locator('[data-key="enter"]').click();
    await frame.locator('.result .headline').waitFor({ timeout: 15_000 });
    expect(await frame.locator('.tile.correct').count()).toBeGreaterThanOrEqual(5);
    const points = Number(await frame.locator('.stat strong').first().textContent());
    expect(points).toBeGreaterThan(600);
    await frame.getByText(ana.name).first().waitFor(); // the day's friends board shows her result
    await screenshot(page, 'palabra-solved-phone');
    // The score went through submitScore: the game page's board has it.
    await page.getByTestId('game-leaderboard').getByText(ana.name).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('game-leaderboard').textContent()).toContain(String(points));
  });

  it('the friend, in another browser context, sees the score on the friends leaderboard (desktop)', async () => {
    const betoPage = await connectedPage(beto, `/games?gid=${PALABRA_GID}`, true);
    const board = betoPage.getByTestId('game-leaderboard');
    await board.waitFor();
    await betoPage.getByTestId('board-friends').click();
    const row = board.getByRole('row').filter({ hasText: ana.name });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\d{3}/);
    await betoPage.setViewportSize(VIEWPORTS.desktop);
    await screenshot(betoPage, 'palabra-friends-board-desktop');
    expect(await seriousViolations(betoPage)).toEqual([]);
    await betoPage.close();
  });
});
