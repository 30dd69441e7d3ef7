import type { Hint } from '../../server/src/features/games/modules/palabra-rules';
import { MAX_TRIES, WORD_LENGTH } from '../../server/src/features/games/modules/palabra-rules';

/** Spanish keyboard rows: Ñ has its own key beside L, as on a Spanish keyboard. */
export const KEY_ROWS = ['qwertyuiop', 'asdfghjklñ', '+zxcvbnm-'];
/** How long one tile takes to turn, and the delay between tiles (style.css uses the same). */
export const FLIP_MS = 320;
export const FLIP_STAGGER_MS = 260;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = '') => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
};

export { el };

/** The 6 × 5 grid of tiles. */
export function createGrid(root: HTMLElement) {
  const rows = Array.from({ length: MAX_TRIES }, () => {
    const row = el('div', 'row');
    const tiles = Array.from({ length: WORD_LENGTH }, () => row.appendChild(el('div', 'tile')));
    root.appendChild(row);
    return { row, tiles };
  });

  return {
    /** Shows the letters being typed on a row (no colours yet). */
    type(r: number, word: string) {
      rows[r].tiles.forEach((tile, i) => {
        const letter = word[i] ?? '';
        if (tile.textContent !== letter && letter) {
          tile.classList.remove('pop');
          void tile.offsetWidth; // restart the animation
          tile.classList.add('pop');
        }
        tile.textContent = letter.toUpperCase();
        tile.classList.toggle('filled', letter !== '');
      });
    },
    /** Turns a row's tiles one by one to their colours; resolves when the last has turned. */
    reveal(
      r: number,
      word: string,
      hints: Hint[],
      animate: boolean,
      onTile?: (hint: Hint, i: number) => void,
    ) {
      const tiles = rows[r].tiles;
      tiles.forEach((tile, i) => {
        tile.textContent = word[i].toUpperCase();
        tile.classList.add('filled');
        const paint = () => {
          tile.classList.add(hints[i]);
          tile.setAttribute('aria-label', `${word[i].toUpperCase()}: ${hints[i]}`);
          onTile?.(hints[i], i);
        };
        if (!animate) {
          paint();
          return;
        }
        tile.style.animationDelay = `${i * FLIP_STAGGER_MS}ms`;
        tile.classList.add('flip');
        setTimeout(paint, i * FLIP_STAGGER_MS + FLIP_MS / 2);
      });
      const total = animate ? (WORD_LENGTH - 1) * FLIP_STAGGER_MS + FLIP_MS : 0;
      return new Promise<void>((resolve) => setTimeout(resolve, total));
    },
    shake(r: number) {
      const row = rows[r].row;
      row.classList.remove('shake');
      void row.offsetWidth;
      row.classList.add('shake');
    },
    dance(r: number) {
      rows[r].tiles.forEach((tile, i) => {
        tile.style.animationDelay = `${i * 90}ms`;
        tile.classList.remove('flip');
        tile.classList.add('dance');
      });
    },
  };
}

/** The on-screen keyboard: `onKey` gets a letter, 'enter' or 'back'. */
export function createKeyboard(
  root: HTMLElement,
  labels: { enter: string; erase: string },
  onKey: (key: string) => void,
) {
  const keys = new Map<string, HTMLButtonElement>();
  for (const line of KEY_ROWS) {
    const row = el('div', 'krow');
    for (const c of line) {
      const key = c === '+' ? 'enter' : c === '-' ? 'back' : c;
      const button = el(
        'button',
        `key${key.length > 1 ? ' wide' : ''}`,
        key === 'enter' ? labels.enter : key === 'back' ? '⌫' : c.toUpperCase(),
      );
      button.type = 'button';
      if (key === 'back') button.setAttribute('aria-label', labels.erase);
      button.dataset.key = key;
      // pointerdown: no 300 ms wait on touch, and the focus stays off the button.
      button.addEventListener('pointerdown', (e) => {
        e.preventDefault();
        onKey(key);
      });
      button.addEventListener('click', (e) => {
        // Keyboard users (Tab + Enter/Space on a key) get a click without a pointerdown.
        if (e.detail === 0) onKey(key);
      });
      keys.set(key, button);
      row.appendChild(button);
    }
    root.appendChild(row);
  }
  return {
    paint(hints: Record<string, Hint>) {
      for (const [letter, hint] of Object.entries(hints)) {
        const key = keys.get(letter);
        if (key) key.className = `key ${hint}`;
      }
    },
  };
}
