import type { CuatroMatch } from '@tertulia/contract';
import { type CuatroApi, cuatroApi, type Sdk } from './api';
import { h } from './dom';
import { renderLobby } from './lobby';
import { createMatchView, type MatchView } from './match-view';
import { createSound } from './sound';
import { en, es, type Words } from './texts';

/**
 * Cuatro en raya's client (docs/cuatro.md): a lobby, the live match and a how-to-play sheet. The
 * server validates every move; this page shows the match the server sends (its answers and the
 * `match` game events), and re-reads it when the push channel reconnects.
 */
const sdk = TertuliaGames.createGameClient({ timeoutMs: 15_000 }) as Sdk;
const api: CuatroApi = cuatroApi(sdk);
const sound = createSound();
const app = document.getElementById('app')!;
const toast = document.getElementById('toast')!;
let w: Words = es;
let me = 0;
let lobby: CuatroMatch[] = [];
let view: MatchView | null = null;
let sending = false;

function say(text: string) {
  toast.textContent = text;
  toast.classList.add('shown');
  setTimeout(() => toast.classList.remove('shown'), 3500);
}
const refused = (e: unknown) => say(e instanceof Error ? e.message : String(e));

function header(title: string, back?: () => void) {
  const mute = h(
    'button',
    { type: 'button', class: 'icon', 'aria-label': sound.muted ? w.unmute : w.mute },
    sound.muted ? '🔇' : '🔊',
  );
  mute.onclick = () => {
    const muted = sound.toggle();
    mute.textContent = muted ? '🔇' : '🔊';
    mute.setAttribute('aria-label', muted ? w.unmute : w.mute);
  };
  return h(
    'header',
    { class: 'bar' },
    back ? h('button', { type: 'button', class: 'icon', 'aria-label': w.back, onclick: back }, '←') : null,
    h('strong', {}, title),
    h('span', { class: 'spacer' }),
    h('button', { type: 'button', class: 'icon', 'aria-label': w.howTo, onclick: showHelp }, '?'),
    mute,
  );
}

function showHelp() {
  const sheet = h(
    'div',
    { class: 'sheet', role: 'dialog', 'aria-modal': 'true', 'aria-label': w.howTo },
    h(
      'div',
      { class: 'sheet-body' },
      h('h2', {}, w.howTo),
      h('img', { src: 'howto.svg', alt: '', class: 'howto-art' }),
      ...w.help.map((p) => h('p', {}, p)),
      h('button', { type: 'button', class: 'btn primary', onclick: () => sheet.remove() }, w.close),
    ),
  );
  sheet.addEventListener('keydown', (e) => e.key === 'Escape' && sheet.remove());
  document.body.append(sheet);
  sheet.querySelector('button')?.focus();
}

async function showLobby() {
  view = null;
  try {
    lobby = await api.lobby();
  } catch (e) {
    refused(e);
  }
  drawLobby();
}

function drawLobby() {
  app.replaceChildren(
    header(w.title),
    renderLobby(w, me, lobby, {
      open: (m) => openMatch(m),
      answer: (m, accept) =>
        api
          .answer(m.id, accept)
          .then((next) => (next.status === 'playing' ? openMatch(next) : showLobby()))
          .catch(refused),
      challengeFriend: pickFriend,
      openChallenge: () => api.challenge().then(openMatch).catch(refused),
      help: showHelp,
    }),
  );
}

async function pickFriend() {
  const friends = await sdk.getFriends().catch(() => []);
  const list = friends.length
    ? h(
        'ul',
        { class: 'friends' },
        ...friends.map((f) =>
          h(
            'li',
            {},
            h('span', { class: 'chip p2' }, f.name.slice(0, 1).toUpperCase()),
            h(
              'span',
              { class: 'who' },
              f.name,
              f.online ? h('i', { class: 'online', 'aria-label': 'online' }) : null,
            ),
            h(
              'button',
              { type: 'button', class: 'btn primary', onclick: () => challenge(f.userId) },
              w.challenge,
            ),
          ),
        ),
      )
    : h('p', { class: 'empty' }, w.noFriends);
  const sheet = h(
    'div',
    { class: 'sheet', role: 'dialog', 'aria-modal': 'true', 'aria-label': w.friendsTitle },
    h(
      'div',
      { class: 'sheet-body' },
      h('h2', {}, w.friendsTitle),
      list,
      h('button', { type: 'button', class: 'btn', onclick: () => sheet.remove() }, w.close),
    ),
  );
  document.body.append(sheet);
  async function challenge(userId: number) {
    try {
      const match = await api.challenge(userId);
      sheet.remove();
      say(w.sent);
      // The IM with the game's link: the friend finds the challenge when they open the game.
      void sdk.inviteFriend(userId, w.inviteNote).catch(() => {});
      openMatch(match);
    } catch (e) {
      refused(e);
    }
  }
}

function openMatch(m: CuatroMatch) {
  view = createMatchView(w, me, sound, {
    move: (column) => move(column),
    resign: () =>
      view?.match &&
      api
        .resign(view.match.id)
        .then((n) => view?.render(n, false))
        .catch(refused),
    rematch: () =>
      view?.match &&
      api
        .rematch(view.match.id)
        .then((n) => openMatch(n))
        .catch(refused),
    back: showLobby,
  });
  app.replaceChildren(header(w.title, showLobby), view.root);
  view.render(m, false);
  view.focus();
  // A spectator's seat lasts a few minutes on the server: reading the match renews it.
  if (!(m.red.uid === me || m.yellow?.uid === me))
    void api
      .match(m.id)
      .then((n) => view?.render(n, false))
      .catch(() => {});
}

async function move(column: number) {
  const m = view?.match;
  if (!m || sending || m.status !== 'playing') return;
  const side = m.red.uid === me ? 1 : m.yellow?.uid === me ? 2 : 0;
  if (m.turn !== side) return;
  sound.unlock();
  sending = true;
  try {
    view?.render(await api.move(m.id, column, m.version), true);
  } catch (e) {
    refused(e);
    void api.match(m.id).then((n) => view?.render(n, false));
  } finally {
    sending = false;
  }
}

/** A match changed (a move, an answer, the end): the server's copy replaces ours. */
function onMatch(data: unknown) {
  const m = data as CuatroMatch;
  if (view?.match?.id === m.id) {
    if (m.version >= view.match.version) view.render(m, m.moves.length > view.match.moves.length);
    return;
  }
  const i = lobby.findIndex((x) => x.id === m.id);
  if (i >= 0) lobby[i] = m;
  else lobby.unshift(m);
  // The match I am waiting on started: open it.
  if (
    view?.match &&
    view.match.status !== 'playing' &&
    m.status === 'playing' &&
    m.inviterId === me &&
    m.id === view.match.id
  )
    openMatch(m);
  else if (!view) drawLobby();
  else if (m.status === 'playing' && m.inviterId === me && view.match?.status !== 'playing') openMatch(m);
}

/** Clocks tick only while the page is visible; a fallen flag is settled by asking the server. */
let askedFlag = 0;
function frame() {
  if (document.hidden) return;
  const left = view?.tick();
  const m = view?.match;
  if (m && left !== null && left !== undefined && left <= 0 && askedFlag !== m.version) {
    askedFlag = m.version;
    void api
      .match(m.id)
      .then((n) => view?.render(n, false))
      .catch(() => {});
  }
  requestAnimationFrame(frame);
}
document.addEventListener('visibilitychange', () => {
  document.body.classList.toggle('paused', document.hidden);
  if (!document.hidden) {
    requestAnimationFrame(frame);
    resync();
  }
});

/** After a reconnect or a return to the tab, the server's state is re-read (nothing is replayed). */
function resync() {
  const m = view?.match;
  if (m)
    void api
      .match(m.id)
      .then((n) => view?.render(n, false))
      .catch(() => {});
  else void showLobby();
}

async function boot() {
  const player = await sdk.getPlayer();
  me = player.userId;
  w = player.locale === 'en' ? en : es;
  document.documentElement.lang = player.locale === 'en' ? 'en' : 'es';
  document.title = w.title;
  sdk.on('match', onMatch);
  sdk.on('reconnected', resync);
  void sdk.setPresence(w.title).catch(() => {});
  await showLobby();
  // A link into a match (?match=ID, e.g. from the profile's presence) opens it.
  const linked = Number(new URLSearchParams(location.search).get('match'));
  if (linked) await api.match(linked).then(openMatch).catch(refused);
  requestAnimationFrame(frame);
  setInterval(() => sdk.keepAlive().catch(() => {}), 10 * 60_000);
}
boot().catch(refused);
