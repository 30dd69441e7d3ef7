import type { CuatroMatch } from '@tertulia/contract';
import { replay } from '../../server/src/features/games/modules/cuatro-rules';
import { createBoard } from './board';
import { clockText, h } from './dom';
import type { Sound } from './sound';
import { fill, type Words } from './texts';

export interface MatchActions {
  move: (column: number) => void;
  resign: () => void;
  rematch: () => void;
  back: () => void;
}

/**
 * The match screen: both players with their clocks, whose turn it is, the board and the buttons.
 * The viewer sits at the bottom (a spectator sees red at the bottom). Clocks count down locally
 * from the server's figures; the server's clock decides.
 */
export function createMatchView(w: Words, me: number, sound: Sound, act: MatchActions) {
  let match: CuatroMatch | null = null;
  let receivedAt = 0;
  let confirmResign = false;
  const board = createBoard({
    onPick: (c) => act.move(c),
    name: w.board,
    label: (c) => fill(w.column, { n: String(c + 1) }),
  });
  const plate = () => {
    const name = h('span', { class: 'name' });
    const chip = h('span', { class: 'chip' });
    const clock = h('span', { class: 'clock', role: 'timer' });
    return { root: h('div', { class: 'plate' }, chip, name, clock), name, chip, clock };
  };
  const top = plate();
  const bottom = plate();
  const status = h('div', { class: 'status', 'aria-live': 'polite' });
  const resign = h('button', { type: 'button', class: 'btn', onclick: () => onResign() });
  const rematch = h(
    'button',
    { type: 'button', class: 'btn primary', onclick: () => act.rematch() },
    w.rematch,
  );
  const root = h(
    'div',
    { class: 'match-screen' },
    top.root,
    h('div', { class: 'board-wrap' }, board.svg),
    bottom.root,
    status,
    h('div', { class: 'actions' }, resign, rematch),
  );

  const sideOf = (m: CuatroMatch) => (m.red.uid === me ? 1 : m.yellow?.uid === me ? 2 : 0);

  function onResign() {
    if (!confirmResign) {
      confirmResign = true;
      resign.textContent = w.confirmResign;
      setTimeout(() => {
        confirmResign = false;
        resign.textContent = w.resign;
      }, 3000);
      return;
    }
    act.resign();
  }

  function clocks(now = performance.now()) {
    if (!match) return;
    const running = match.status === 'playing' ? match.turn : 0;
    const left = (who: 1 | 2) =>
      (who === 1 ? match!.redMs : match!.yellowMs) - (running === who ? now - receivedAt : 0);
    const side = sideOf(match);
    const [t, b]: [1 | 2, 1 | 2] = side === 2 ? [1, 2] : [2, 1];
    top.clock.textContent = clockText(left(t));
    bottom.clock.textContent = clockText(left(b));
    top.root.classList.toggle('running', running === t);
    bottom.root.classList.toggle('running', running === b);
    top.root.classList.toggle('low', running === t && left(t) < 10_000);
    bottom.root.classList.toggle('low', running === b && left(b) < 10_000);
    return running ? left(running as 1 | 2) : null;
  }

  function render(m: CuatroMatch, animate: boolean) {
    const previous = match;
    match = m;
    receivedAt = performance.now();
    const side = sideOf(m);
    const position = replay(m.moves);
    if (!position) return;
    const landed = board.show(position, animate);
    if (landed !== null && animate) setTimeout(() => sound.drop(landed), 200 + landed * 55);
    const [t, b] = side === 2 ? [m.red, m.yellow] : [m.yellow, m.red];
    const [tc, bc] = side === 2 ? [1, 2] : [2, 1];
    top.name.textContent = t?.name ?? '…';
    bottom.name.textContent = b?.name ?? '…';
    top.chip.className = `chip p${tc}`;
    bottom.chip.className = `chip p${bc}`;
    const playing = m.status === 'playing';
    const myTurn = playing && side !== 0 && m.turn === side;
    board.setGhost(myTurn ? (side as 1 | 2) : 0);
    root.classList.toggle('finished', m.status === 'finished');
    let text = '';
    if (playing)
      text = myTurn ? w.yourTurn : fill(w.turnOf, { name: (m.turn === 1 ? m.red : m.yellow)?.name ?? '' });
    else if (m.status === 'finished') {
      const why = m.endReason === 'resign' ? w.byResign : m.endReason === 'flag' ? w.byFlag : w.byFour;
      if (m.result === 0) text = w.draw;
      else if (side) text = `${m.result === side ? w.youWon : w.youLost} · ${why}`;
      else text = `${fill(w.wonBy, { name: (m.result === 1 ? m.red : m.yellow)?.name ?? '' })} · ${why}`;
      if (previous?.status === 'playing' && previous.id === m.id) {
        if (side && m.result === side) sound.win();
        else if (side && m.result) sound.lose();
      }
    } else
      text =
        m.status === 'invited'
          ? fill(w.waitingFor, { name: (side === 1 ? m.yellow : m.red)?.name ?? '' })
          : w.waitingAnyone;
    if (!side) text = `${w.watching} · ${text}`;
    status.textContent = text;
    status.classList.toggle('mine', myTurn);
    resign.textContent = w.resign;
    resign.hidden = !playing || !side;
    rematch.hidden = m.status !== 'finished' || !side;
    rematch.textContent = m.rematchId ? w.acceptRematch : w.rematch;
    clocks();
  }

  return {
    root,
    board,
    get match() {
      return match;
    },
    render,
    /** Called on every frame while visible; answers the running clock's time left. */
    tick: () => clocks(),
    focus: () => board.svg.focus(),
    markRematchSent() {
      rematch.textContent = w.rematchSent;
    },
  };
}
export type MatchView = ReturnType<typeof createMatchView>;
