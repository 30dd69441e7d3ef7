import {
  COLUMNS,
  landingRow,
  type Position,
  ROWS,
} from '../../server/src/features/games/modules/cuatro-rules';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;
const TOP = 90; // the strip above the board where the next disc hovers
const R = 40;

const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}) => {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};

export interface BoardOptions {
  /** A column chosen by click, tap or Enter; the caller decides whether it may be played. */
  onPick: (column: number) => void;
  /** The board's accessible name, and each column's (the columns are its buttons). */
  name: string;
  label: (column: number) => string;
}

/**
 * The board: an SVG whose blue frame (a mask with holes) sits over the discs, so a dropped disc
 * falls behind it into its hole. Mouse, touch and keyboard (← → Enter, 1-7) choose the column.
 */
export function createBoard(opts: BoardOptions) {
  const svg = el('svg', {
    viewBox: `0 0 ${COLUMNS * CELL} ${TOP + ROWS * CELL}`,
    class: 'board',
    role: 'group',
    'aria-label': opts.name,
  });
  svg.setAttribute('tabindex', '0');
  const defs = el('defs');
  const mask = el('mask', { id: 'holes' });
  mask.append(
    el('rect', { x: 0, y: TOP, width: COLUMNS * CELL, height: ROWS * CELL, fill: 'white', rx: 24 }),
  );
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLUMNS; c++)
      mask.append(
        el('circle', { cx: c * CELL + CELL / 2, cy: TOP + r * CELL + CELL / 2, r: R, fill: 'black' }),
      );
  const grad = (id: string, a: string, b: string) => {
    const g = el('radialGradient', { id, cx: '35%', cy: '30%', r: '70%' });
    g.append(el('stop', { offset: '0%', 'stop-color': a }), el('stop', { offset: '100%', 'stop-color': b }));
    return g;
  };
  const frameGrad = el('linearGradient', { id: 'frame', x1: 0, y1: 0, x2: 0, y2: 1 });
  frameGrad.append(
    el('stop', { offset: '0%', 'stop-color': '#2f6fe4' }),
    el('stop', { offset: '100%', 'stop-color': '#1846a8' }),
  );
  defs.append(mask, grad('red', '#ff8a7a', '#d7263d'), grad('yellow', '#fff3a0', '#f4b400'), frameGrad);
  const discs = el('g');
  const ghost = el('circle', { r: R, cy: TOP / 2, class: 'ghost' });
  const frame = el('rect', {
    x: 0,
    y: TOP,
    width: COLUMNS * CELL,
    height: ROWS * CELL,
    fill: 'url(#frame)',
    mask: 'url(#holes)',
  });
  const rims = el('g', { class: 'rims' });
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLUMNS; c++)
      rims.append(el('circle', { cx: c * CELL + CELL / 2, cy: TOP + r * CELL + CELL / 2, r: R + 1 }));
  const hits = el('g');
  for (let c = 0; c < COLUMNS; c++) {
    const hit = el('rect', {
      x: c * CELL,
      y: 0,
      width: CELL,
      height: TOP + ROWS * CELL,
      fill: 'transparent',
      class: 'hit',
    });
    hit.setAttribute('role', 'button');
    hit.setAttribute('aria-label', opts.label(c));
    hit.addEventListener('pointerenter', () => setCursor(c));
    hit.addEventListener('click', () => {
      setCursor(c);
      opts.onPick(c);
    });
    hits.append(hit);
  }
  svg.append(defs, ghost, discs, frame, rims, hits);

  let shown: number[] = [];
  let cursor = 3;
  let ghostColour: 1 | 2 | 0 = 0;

  function setCursor(c: number) {
    cursor = Math.max(0, Math.min(COLUMNS - 1, c));
    ghost.setAttribute('cx', String(cursor * CELL + CELL / 2));
  }
  setCursor(3);

  svg.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') setCursor(cursor - 1);
    else if (e.key === 'ArrowRight') setCursor(cursor + 1);
    else if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') opts.onPick(cursor);
    else if (/^[1-7]$/.test(e.key)) {
      setCursor(Number(e.key) - 1);
      opts.onPick(cursor);
    } else return;
    e.preventDefault();
  });

  function disc(column: number, row: number, who: 1 | 2, animate: boolean) {
    const d = el('circle', {
      cx: column * CELL + CELL / 2,
      cy: TOP + row * CELL + CELL / 2,
      r: R,
      fill: who === 1 ? 'url(#red)' : 'url(#yellow)',
      class: `disc p${who}`,
    });
    discs.append(d);
    if (animate && !document.hidden && d.animate) {
      const fall = TOP / 2 + row * CELL + CELL / 2;
      d.animate(
        [
          { transform: `translateY(${-fall}px)` },
          { transform: 'translateY(0)', offset: 0.75 },
          { transform: `translateY(${-Math.min(18, 6 + row * 2)}px)`, offset: 0.88 },
          { transform: 'translateY(0)' },
        ],
        { duration: 260 + row * 55, easing: 'cubic-bezier(.45,0,.9,.6)' },
      );
    }
    return d;
  }

  return {
    svg,
    get cursor() {
      return cursor;
    },
    /**
     * Draws the position; only moves not yet shown fall (with `animate`), so a re-read after a
     * reconnect or a reload redraws without replaying the whole match.
     */
    show(position: Position, animate: boolean): number | null {
      const fresh = position.moves.length >= shown.length && shown.every((m, i) => position.moves[i] === m);
      if (!fresh) {
        discs.replaceChildren();
        shown = [];
      }
      let landed: number | null = null;
      const board = new Array(COLUMNS * ROWS).fill(0);
      position.moves.forEach((column, i) => {
        const row = landingRow(board, column);
        const who = (i % 2 === 0 ? 1 : 2) as 1 | 2;
        board[row * COLUMNS + column] = who;
        if (i >= shown.length) {
          disc(column, row, who, animate && i === position.moves.length - 1);
          landed = row;
        }
      });
      shown = position.moves.slice();
      for (const d of discs.querySelectorAll('.win')) d.classList.remove('win');
      if (position.line.length) {
        const nodes = [...discs.children] as SVGCircleElement[];
        for (const cell of position.line) {
          const r = Math.floor(cell / COLUMNS);
          const c = cell % COLUMNS;
          nodes
            .find(
              (n) =>
                n.getAttribute('cx') === String(c * CELL + CELL / 2) &&
                n.getAttribute('cy') === String(TOP + r * CELL + CELL / 2),
            )
            ?.classList.add('win');
        }
      }
      return landed;
    },
    /** The hovering disc: the colour of the player to move when it is the viewer's turn, else none. */
    setGhost(who: 0 | 1 | 2) {
      ghostColour = who;
      ghost.setAttribute('fill', who === 1 ? 'url(#red)' : who === 2 ? 'url(#yellow)' : 'transparent');
      svg.classList.toggle('myturn', who !== 0);
    },
    get ghost() {
      return ghostColour;
    },
  };
}
export type Board = ReturnType<typeof createBoard>;
