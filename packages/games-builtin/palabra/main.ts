/**
 * "La palabra del día" in its frame (docs/games-palabra.md): the board, the keyboards (on screen
 * with Ñ, and the physical one), the clock, sound and the how-to-play screen. Every guess goes to
 * the server through the SDK, which answers its hints: the frame never knows the day's word.
 */
import {
  GAP_CAP_MS,
  type Hint,
  isWellFormed,
  keyboardHints,
  normalizeWord,
  WORD_LENGTH,
} from '../../server/src/features/games/modules/palabra-rules';
import { createGrid, createKeyboard, el } from './board';
import { clock, showResult } from './result';
import { api, type PalabraGame, sdk } from './sdk';
import { createSound } from './sound';
import { TEXTS, type Texts } from './texts';

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const sound = createSound();
let t: Texts = TEXTS.es;
let game: PalabraGame | null = null;
let typed = '';
let busy = false;
/** The server's clock minus ours, so the frame's clock shows what the server counts. */
let offset = 0;

const grid = createGrid($('grid'));
const keyboard = createKeyboard($('keyboard'), { enter: TEXTS.es.enter, erase: TEXTS.es.erase }, onKey);

function toast(message: string) {
  const note = el('div', 'toast', message);
  $('toasts').append(note);
  setTimeout(() => note.remove(), 2200);
}

function applyTexts() {
  document.documentElement.lang = t === TEXTS.en ? 'en' : 'es';
  document.title = t.title;
  $('title').textContent = t.title;
  $('help').setAttribute('aria-label', t.help);
  $('how-title').textContent = t.howTo;
  $('rules').replaceChildren(...t.rules.map((r) => el('p', '', r)));
  $('example-label').textContent = t.example;
  $('play').textContent = game && game.guesses.length > 0 ? t.continue : t.play;
  $('close-how').setAttribute('aria-label', t.close);
  const enter = document.querySelector('[data-key="enter"]');
  if (enter) enter.textContent = t.enter;
  document.querySelector('[data-key="back"]')?.setAttribute('aria-label', t.erase);
  paintMute();
}

function paintMute() {
  $('mute').textContent = sound.muted ? '🔇' : '🔊';
  $('mute').setAttribute('aria-label', sound.muted ? t.unmute : t.mute);
  $('mute').setAttribute('aria-pressed', String(sound.muted));
}

/** Play time as the server counts it: the gaps so far, plus the current one up to the cap. */
function playMs(): number {
  if (!game) return 0;
  if (game.finished) return game.playMs;
  const last = game.guesses.at(-1)?.at ?? game.startedAt;
  return game.playMs + Math.min(Math.max(Date.now() + offset - last, 0), GAP_CAP_MS);
}

let ticker: ReturnType<typeof setInterval> | undefined;
/** The clock runs only while the game shows: hidden, it stops (and so do sounds). */
function runClock() {
  clearInterval(ticker);
  ticker = undefined;
  if (document.hidden || !game || game.finished || !$('how').hidden) return;
  const paint = () => ($('clock').textContent = clock(playMs()));
  paint();
  ticker = setInterval(paint, 250);
}
document.addEventListener('visibilitychange', runClock);

function showGame(next: PalabraGame, animateLast: boolean) {
  offset = next.serverNow - Date.now();
  const before = game?.guesses.length ?? 0;
  game = next;
  next.guesses.forEach((g, r) => {
    if (r < before && animateLast) return;
    const animate = animateLast && r === next.guesses.length - 1;
    void grid.reveal(r, g.word, g.hints, animate, animate ? (hint: Hint) => sound.flip(hint) : undefined);
  });
  const paintKeys = () =>
    keyboard.paint(
      keyboardHints(
        next.guesses.map((g) => g.word),
        next.guesses.map((g) => g.hints),
      ),
    );
  if (animateLast) setTimeout(paintKeys, 1300);
  else paintKeys();
  runClock();
  if (next.finished) finish(next, animateLast);
}

function finish(done: PalabraGame, justNow: boolean) {
  const after = justNow ? 1500 : 0;
  if (justNow) {
    if (done.solved) {
      setTimeout(() => grid.dance(done.guesses.length - 1), 1400);
      setTimeout(() => sound.win(), 1300);
    } else setTimeout(() => sound.lose(), 1300);
  }
  $('clock').textContent = clock(done.playMs);
  setTimeout(() => {
    document.body.classList.add('finished');
    showResult($('result'), t, done, toast);
    $('result').hidden = false;
    $('result').scrollIntoView({ behavior: justNow ? 'smooth' : 'auto' });
  }, after);
  // The server counts the result already; this puts it on the global, friends and weekly boards.
  if (justNow && done.score > 0) sdk.submitScore(done.score).catch((e: Error) => toast(e.message));
  sdk.setPresence(t.statusDone.replace('{score}', String(done.score))).catch(() => {});
}

async function submit() {
  if (!game || game.finished || busy) return;
  const row = game.guesses.length;
  if (typed.length < WORD_LENGTH) {
    grid.shake(row);
    sound.refuse();
    return toast(t.notEnough);
  }
  busy = true;
  try {
    const next = await api.guess(game.day, typed);
    typed = '';
    showGame(next, true);
  } catch (e) {
    grid.shake(row);
    sound.refuse();
    toast((e as Error).message || t.offline);
  } finally {
    busy = false;
  }
}

function onKey(key: string) {
  if (!game || game.finished || !$('how').hidden) return;
  if (key === 'enter') return void submit();
  if (busy) return;
  if (key === 'back') typed = typed.slice(0, -1);
  else if (typed.length < WORD_LENGTH) {
    const letter = normalizeWord(key);
    if (letter.length !== 1 || !isWellFormed(letter.repeat(WORD_LENGTH))) return;
    typed += letter;
    sound.tap();
  }
  grid.type(game.guesses.length, typed);
}

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$('how').hidden) {
    if (e.key === 'Escape' && game) closeHow();
    return;
  }
  // A focused button or text area keeps its own Enter and Space.
  if ((e.target as HTMLElement).closest?.('button, textarea') && (e.key === 'Enter' || e.key === ' ')) return;
  if (e.key === 'Enter') onKey('enter');
  else if (e.key === 'Backspace') onKey('back');
  else if (e.key.length === 1) onKey(e.key);
  else return;
  e.preventDefault();
});

function openHow() {
  $('how').hidden = false;
  runClock();
  ($('play') as HTMLButtonElement).focus();
}
function closeHow() {
  $('how').hidden = true;
  runClock();
}

$('help').onclick = openHow;
$('close-how').onclick = () => (game ? closeHow() : undefined);
$('mute').onclick = () => {
  sound.setMuted(!sound.muted);
  paintMute();
};
$('play').onclick = async () => {
  sound.unlock();
  const button = $('play') as HTMLButtonElement;
  if (game) return closeHow();
  button.disabled = true;
  try {
    const started = await api.start();
    closeHow();
    showGame(started, false);
    if (!started.finished) sdk.setPresence(t.status).catch(() => {});
  } catch (e) {
    toast((e as Error).message || t.offline);
  } finally {
    button.disabled = false;
  }
};

// Keeps the game token alive while someone plays a long game.
setInterval(() => {
  if (!document.hidden && game && !game.finished) sdk.keepAlive().catch(() => {});
}, 5 * 60_000);

sdk
  .getPlayer()
  .then((player) => {
    t = player.locale === 'en' ? TEXTS.en : TEXTS.es;
    applyTexts();
  })
  .catch(() => applyTexts());
applyTexts();
openHow();
