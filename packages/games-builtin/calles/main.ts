// Guerra de Calles' client (docs/games-calles.md): talks to Tertulia only through the games SDK.
// Every rule is the server's (module `calles`); this page draws its answers and counts its timers
// from the server's clock.
import type { CallesBattle, CallesState, CallesTarget } from '@tertulia/contract';
import type { createGameClient } from '@tertulia/games-sdk';
import { coin, skyline } from './art';
import { playBattle } from './battle';
import { attackTab, buildSheet, crewTab, helpSheet, journalTab, streetTab, type View } from './screens';
import { isMuted, setMuted, sounds } from './sound';
import { clock, fill, type Words, wordsFor } from './texts';

declare const TertuliaGames: { createGameClient: typeof createGameClient };
const sdk = TertuliaGames.createGameClient();
const $ = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const TABS = ['street', 'crew', 'attack', 'journal'] as const;
type Tab = (typeof TABS)[number];

let w: Words = wordsFor('es');
let me = 0;
let state: CallesState | undefined;
let skew = 0;
let tab: Tab = 'street';
let targets: CallesTarget[] = [];
let journal: CallesBattle[] = [];
let shownLevel = 0;
const serverNow = () => Date.now() + skew;

function toast(text: string, bad = false) {
  const el = $('#toast');
  el.textContent = text;
  el.className = bad ? 'bad show' : 'show';
  setTimeout(() => (el.className = ''), 3200);
}
const failed = (e: unknown) => toast(e instanceof Error && e.message ? e.message : w.error, true);

function take(s: CallesState) {
  state = s;
  skew = s.now - Date.now();
  if (shownLevel && s.level > shownLevel) {
    sounds.win();
    toast(fill(w.level, { n: s.level }));
  }
  if (s.level !== shownLevel) {
    shownLevel = s.level;
    // The profile says the level; the friends' board counts experience.
    void sdk.setPresence(fill(w.presence, { n: s.level })).catch(() => undefined);
  }
  void sdk.submitScore(s.xp).catch(() => undefined);
}

const view = (): View => ({ s: state!, w, now: serverNow() });

function drawHeader() {
  if (!state) return;
  const s = state;
  const span = Math.max(1, s.xpNext - s.xpLevel);
  $('#level').textContent = fill(w.level, { n: s.level });
  $<HTMLElement>('#xp i').style.width = `${Math.min(100, ((s.xp - s.xpLevel) / span) * 100)}%`;
  $('#cash').innerHTML =
    `${coin}<b>${s.cash}</b><small>/ ${s.cashCap} · ${fill(w.perMin, { n: s.income })}</small>`;
  $('#badge').textContent = s.unreadJournal ? String(s.unreadJournal) : '';
}

function draw() {
  if (!state) return;
  drawHeader();
  for (const t of TABS) {
    const b = $(`[data-tab="${t}"]`);
    b.setAttribute('aria-selected', String(t === tab));
  }
  const v = view();
  $('#screen').innerHTML =
    tab === 'street'
      ? streetTab(v)
      : tab === 'crew'
        ? crewTab(v)
        : tab === 'attack'
          ? attackTab(v, targets)
          : journalTab(v, journal);
}

async function refresh() {
  take(await sdk.call<CallesState>('callesState'));
  if (tab === 'attack') targets = (await sdk.call<{ targets: CallesTarget[] }>('callesTargets')).targets;
  if (tab === 'journal') {
    journal = (await sdk.call<{ entries: CallesBattle[] }>('callesJournal')).entries;
    if (state) state.unreadJournal = 0;
  }
  draw();
}

async function show(next: Tab) {
  tab = next;
  sounds.click();
  draw();
  await refresh().catch(failed);
}

function sheet(html: string) {
  $('#overlay').innerHTML = html;
  $('#overlay').querySelector<HTMLElement>('button:not([disabled])')?.focus();
}
const closeSheet = () => ($('#overlay').innerHTML = '');

async function attack(targetId: number) {
  const battle = await sdk.call<CallesBattle>('callesAttack', { targetId });
  await playBattle($('#overlay'), battle, w, me);
  if (battle.attackerWon) {
    // The reward goes through the SDK, once per battle whatever the retries (its key).
    const amount = Math.min(20, 5 + Math.floor(battle.loot / 25));
    sdk
      .grantReward(amount, w.rewardReason, `calles-battle-${battle.id}`)
      .then(() => toast(fill(w.reward, { n: amount })))
      .catch(() => undefined);
  }
  await refresh();
}

async function replay(id: number) {
  const b =
    journal.find((x) => x.id === id) ?? (await sdk.call<CallesBattle>('callesBattle', { battleId: id }));
  await playBattle($('#overlay'), b, w, me);
}

document.addEventListener('click', (e) => {
  const el = (e.target as HTMLElement).closest<HTMLElement>('[data-action],[data-tab]');
  if (!el || (el as HTMLButtonElement).disabled) return;
  const { action, tab: next, kind, count, target, battle } = el.dataset;
  if (next) return void show(next as Tab);
  sounds.click();
  const run = (p: Promise<unknown>) => void p.catch(failed);
  if (action === 'pick-lot') sheet(buildSheet(view()));
  else if (action === 'close') closeSheet();
  else if (action === 'build')
    run(
      sdk.call<CallesState>('callesBuild', { kind }).then((s) => {
        closeSheet();
        take(s);
        sounds.coins();
        draw();
      }),
    );
  else if (action === 'train')
    run(
      sdk.call<CallesState>('callesTrain', { kind, count: Number(count) }).then((s) => {
        take(s);
        draw();
      }),
    );
  else if (action === 'attack') run(attack(Number(target)));
  else if (action === 'replay') run(replay(Number(battle)));
  else if (action === 'help') sheet(helpSheet(w, false));
  else if (action === 'mute') toggleMute();
});

function toggleMute() {
  setMuted(!isMuted());
  const b = $('#mute');
  b.textContent = isMuted() ? '🔇' : '🔊';
  b.setAttribute('aria-label', isMuted() ? w.unmute : w.mute);
  b.setAttribute('aria-pressed', String(isMuted()));
}

document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === 'Escape') closeSheet();
  else if (e.key === 'm' || e.key === 'M') toggleMute();
  else if (['1', '2', '3', '4'].includes(e.key) && !$('#overlay').innerHTML)
    void show(TABS[Number(e.key) - 1]);
});

// Timers tick once a second while the page is seen; hidden, nothing runs, and on return the
// server is asked again (its clock is the one that counts).
let ticker: ReturnType<typeof setInterval> | undefined;
function tick() {
  const now = serverNow();
  let due = false;
  for (const el of document.querySelectorAll<HTMLElement>('.timer[data-until]')) {
    const left = Number(el.dataset.until) - now;
    const b = el.querySelector('b');
    if (b) b.textContent = clock(left);
    if (left <= 0) due = true;
  }
  if (due) void refresh().catch(() => undefined);
}
function running(on: boolean) {
  clearInterval(ticker);
  ticker = on ? setInterval(tick, 1000) : undefined;
  document.body.classList.toggle('paused', !on);
}
document.addEventListener('visibilitychange', () => {
  running(!document.hidden);
  if (!document.hidden) void refresh().catch(() => undefined);
});

async function boot() {
  const player = await sdk.getPlayer();
  w = wordsFor(player.locale);
  me = player.userId;
  document.documentElement.lang = player.locale === 'en' ? 'en' : 'es';
  document.title = w.title;
  $('#title').textContent = w.title;
  $('#skyline').innerHTML = skyline;
  for (const t of TABS) $(`[data-tab="${t}"] span`).textContent = w[t];
  $('#help').setAttribute('aria-label', w.help);
  toggleMute();
  toggleMute();
  sdk.on('callesAttacked', () => {
    sounds.alarm();
    toast(w.underAttack, true);
    void refresh().catch(() => undefined);
  });
  sdk.on('reconnected', () => void refresh().catch(() => undefined));
  await refresh();
  $('#app').hidden = false;
  $('#loading').hidden = true;
  running(!document.hidden);
  // A journal notice opens the game at `index.html?battle=<id>`: straight to that entry.
  const battle = Number(new URLSearchParams(location.search).get('battle'));
  if (battle > 0) {
    await show('journal');
    await replay(battle).catch(failed);
  } else if (!state?.wins && !state?.losses && !state?.defences) sheet(helpSheet(w, true));
}

boot().catch((e) => {
  $('#loading').textContent = e instanceof Error && e.message ? e.message : w.error;
});
