import type { CuatroMatch } from '@tertulia/contract';
import { h } from './dom';
import { fill, type Words } from './texts';

export interface LobbyActions {
  open: (m: CuatroMatch) => void;
  answer: (m: CuatroMatch, accept: boolean) => void;
  challengeFriend: () => void;
  openChallenge: () => void;
  help: () => void;
}

const sideOf = (m: CuatroMatch, me: number) => (m.red.uid === me ? 1 : m.yellow?.uid === me ? 2 : 0);
const other = (m: CuatroMatch, me: number) => (m.red.uid === me ? m.yellow : m.red);

function avatar(name: string, colour: 1 | 2) {
  return h('span', { class: `chip p${colour}`, 'aria-hidden': 'true' }, name.slice(0, 1).toUpperCase());
}

/** The lobby: challenges for the player, their matches, and open challenges in the game's room. */
export function renderLobby(w: Words, me: number, matches: CuatroMatch[], act: LobbyActions): HTMLElement {
  const received = matches.filter((m) => m.status === 'invited' && m.inviterId !== me && sideOf(m, me));
  const room = matches.filter((m) => m.status === 'open' && m.red.uid !== me);
  const watch = matches.filter((m) => m.status === 'playing' && !sideOf(m, me));
  const mine = matches.filter((m) => !received.includes(m) && !room.includes(m) && !watch.includes(m));
  const statusWord: Record<string, string> = {
    playing: w.playing,
    finished: w.finished,
    declined: w.declined,
    cancelled: w.cancelled,
  };

  const row = (m: CuatroMatch, buttons: HTMLElement[]) => {
    const opp = other(m, me);
    const side = sideOf(m, me) || 1;
    const line =
      m.status === 'open'
        ? m.red.uid === me
          ? w.waitingAnyone
          : m.red.name
        : m.status === 'invited' && m.inviterId === me
          ? fill(w.waitingFor, { name: opp?.name ?? '' })
          : `${w.vs} ${opp?.name ?? ''}`;
    let badge = statusWord[m.status] ?? '';
    if (m.status === 'finished' && m.result !== undefined)
      badge = m.result === 0 ? '½' : m.result === side ? '🏆' : '✗';
    if (m.status === 'playing') badge = m.turn === side ? w.yourTurn : w.playing;
    return h(
      'li',
      { class: `match ${m.status}${m.status === 'playing' && m.turn === side ? ' mine' : ''}` },
      avatar(opp?.name ?? m.red.name, side === 1 ? 2 : 1),
      h('span', { class: 'who' }, line),
      h('span', { class: 'badge' }, badge),
      h('span', { class: 'buttons' }, ...buttons),
    );
  };
  const button = (text: string, onclick: () => void, kind = '') =>
    h('button', { type: 'button', class: `btn ${kind}`, onclick }, text);

  const section = (title: string, items: HTMLElement[]) =>
    items.length ? h('section', { class: 'list' }, h('h2', {}, title), h('ul', {}, ...items)) : null;

  return h(
    'div',
    { class: 'lobby' },
    h(
      'div',
      { class: 'hero' },
      h('img', { src: 'icon.svg', alt: '', width: 72, height: 72 }),
      h('div', {}, h('h1', {}, w.title), h('p', {}, w.tagline)),
    ),
    h(
      'div',
      { class: 'actions' },
      button(w.challengeFriend, act.challengeFriend, 'primary'),
      button(w.openChallenge, act.openChallenge),
      button(w.howTo, act.help, 'ghost'),
    ),
    section(
      w.invitations,
      received.map((m) =>
        row(m, [
          button(w.accept, () => act.answer(m, true), 'primary'),
          button(w.decline, () => act.answer(m, false)),
        ]),
      ),
    ),
    section(
      w.yourMatches,
      mine.map((m) => {
        const waiting = m.status === 'open' || m.status === 'invited';
        const b = waiting
          ? [button(w.withdraw, () => act.answer(m, false))]
          : m.status === 'playing' || m.status === 'finished'
            ? [button(w.open, () => act.open(m), m.status === 'playing' ? 'primary' : '')]
            : [];
        return row(m, b);
      }),
    ),
    section(
      w.roomChallenges,
      room.map((m) => row(m, [button(w.take, () => act.answer(m, true), 'primary')])),
    ),
    section(
      w.friendsPlaying,
      watch.map((m) =>
        h(
          'li',
          { class: 'match playing' },
          avatar(m.red.name, 1),
          h('span', { class: 'who' }, `${m.red.name} · ${m.yellow?.name ?? ''}`),
          h(
            'span',
            { class: 'buttons' },
            button(w.watch, () => act.open(m)),
          ),
        ),
      ),
    ),
    matches.length ? null : h('p', { class: 'empty' }, w.nothingYet),
  );
}
