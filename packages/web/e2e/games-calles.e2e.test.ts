import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FeedEventType, STREET_WARS_GID } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './browser';
import { API, baseURL, dataDir, QUEUED, stamp, withBrowser } from './journey';
import { befriend, connectedPage, type Member, register } from './members';

withBrowser();

/** Screens of this journey are copied here too, to be looked at. */
const SHOTS = process.env.GAMES_SHOTS_DIR;
async function shot(page: Page, name: string, gameOnly = false) {
  // The game's own screens: the frame alone (a full page repeats the fixed header over it).
  if (gameOnly)
    await page.getByTestId('game-frame').screenshot({ path: join('test-results/web-e2e', `${name}.png`) });
  else await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(join('test-results/web-e2e', `${name}.png`), join(SHOTS, `${name}.png`));
  }
}

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1991, month: 4, day: 9 });

/** Opens the game's street for a member through the API (as the game's first call does). */
async function openStreet(who: Member) {
  const token = await who.context.request.get(`${API}/game/getOAuthToken.do?gid=${STREET_WARS_GID}`, {
    headers: { origin: baseURL },
  });
  const { token: value } = (await token.json()).GameToken[0];
  const state = await who.context.request.get(
    `${API}/game/callesState.do?gameId=${STREET_WARS_GID}&token=${encodeURIComponent(value)}`,
    { headers: { origin: baseURL } },
  );
  expect(state.ok(), await state.text()).toBe(true);
}

/**
 * Test setup on the server's database (the game's own table): no first-visit shield on the
 * defender, and a crew for the attacker that wins, so the journey sees battle joined and won.
 */
function setStreet(uid: number, patch: Record<string, unknown>) {
  const db = new SQLite(join(dataDir, 'tertulia.db'));
  try {
    const row = db.prepare('select state from calles_players where user_id = ?').get(uid) as {
      state: string;
    };
    const state = { ...JSON.parse(row.state), ...patch };
    db.prepare('update calles_players set state = ?, shield_until = ? where user_id = ?').run(
      JSON.stringify(state),
      state.shieldUntil,
      uid,
    );
  } finally {
    db.close();
  }
}

const frameOf = (page: Page) => page.frameLocator('[data-testid="game-frame"]');

describe('Guerra de Calles journey: an attack reaches the defender’s journal push and the feed', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;
  let betoPage: Page;

  beforeAll(async () => {
    ana = await member(`anac${stamp}`, 'f');
    beto = await member(`betc${stamp}`, 'm');
    await befriend(ana, beto);
    await openStreet(ana);
    await openStreet(beto);
    setStreet(ana.uid, { crew: { bruiser: 20, guard: 2, runner: 8 }, cash: 0 });
    setStreet(beto.uid, { shieldUntil: 0, cash: 450 });
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('A opens the game on a phone: the street, the how-to-play, the crew', async () => {
    anaPage = await connectedPage(ana, `/games?gid=${STREET_WARS_GID}&play=1`);
    const game = frameOf(anaPage);
    await game.getByRole('dialog', { name: 'Cómo se juega' }).waitFor(QUEUED);
    await shot(anaPage, 'calles-howto-phone', true);
    await game.getByRole('button', { name: '¡A la calle!' }).click();
    await game.getByText('Solar libre · Construir').first().waitFor();
    await shot(anaPage, 'calles-street-phone', true);
    await game.getByRole('tab', { name: /Banda/ }).click();
    await game.getByRole('heading', { name: /Matón/ }).waitFor();
    await shot(anaPage, 'calles-crew-phone', true);
  });

  it('A attacks B; B’s open page gets the journal notice, which opens the entry in the game', async () => {
    betoPage = await connectedPage(beto, '/html/index.jsp', true);
    const game = frameOf(anaPage);
    // The keyboard switches tabs too (3: attack).
    await game.locator('body').press('3');
    // B's notice lives a few seconds: watched from before the attack, and opened as it shows.
    const notice = betoPage.getByTestId('toast').filter({ hasText: `${ana.name} asaltó tu calle` });
    const opened = notice.waitFor(QUEUED).then(() => notice.getByRole('button').first().click());
    const row = game.locator('.target').filter({ hasText: beto.name });
    await row.getByRole('button', { name: '¡Al asalto!' }).click();
    // In the battle's own dialog: the journal behind it can list a won battle with the same word.
    await game.locator('.battle .result').getByText('¡Victoria!').waitFor(QUEUED);
    await shot(anaPage, 'calles-victory-phone', true);
    await game.getByRole('button', { name: 'Cerrar' }).click();
    await opened;
    await betoPage.waitForURL(/\/games\?gid=1000&url=/);
    const frame = betoPage.getByTestId('game-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/\/games-builtin\/calles\/index\.html\?battle=\d+$/);
    const betoGame = frameOf(betoPage);
    await betoGame.getByText('Te asaltaron').waitFor(QUEUED);
    await shot(betoPage, 'calles-journal-battle-desktop', true);
    await betoGame.getByRole('button', { name: 'Cerrar' }).click();
    await betoGame
      .locator('.entry')
      .filter({ hasText: `${ana.name} atacó tu calle` })
      .waitFor();
    await shot(betoPage, 'calles-journal-desktop', true);
  });

  it('the feed shows the battle joined and won (1060, 1062), at phone and desktop sizes', async () => {
    await betoPage.goto('/html/index.jsp');
    const won = betoPage.locator(
      `[data-testid="feed-item"][data-type="${FeedEventType.STREET_WARS_BATTLE_WON}"]`,
    );
    const joined = betoPage.locator(
      `[data-testid="feed-item"][data-type="${FeedEventType.STREET_WARS_BATTLE_JOINED}"]`,
    );
    await won
      .filter({ hasText: `${ana.name} ganó una batalla callejera contra ${beto.name}` })
      .waitFor(QUEUED);
    await joined.filter({ hasText: `${ana.name} se lanzó a las calles de ${beto.name}` }).waitFor();
    await shot(betoPage, 'calles-feed-desktop');
    await betoPage.setViewportSize(VIEWPORTS.phone);
    await won.first().scrollIntoViewIfNeeded();
    await shot(betoPage, 'calles-feed-phone');
    await anaPage.setViewportSize(VIEWPORTS.desktop);
    await frameOf(anaPage).locator('body').press('1');
    await shot(anaPage, 'calles-street-desktop', true);
  });
});
