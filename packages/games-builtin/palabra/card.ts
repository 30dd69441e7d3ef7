import type { Hint } from '../../server/src/features/games/modules/palabra-rules';
import { MAX_TRIES } from '../../server/src/features/games/modules/palabra-rules';

const COLOURS: Record<Hint, string> = { correct: '#3f9a5b', present: '#d4a72c', absent: '#4a4f63' };

/**
 * The share card as an image, drawn on a canvas in the frame (docs/games-palabra.md, "Share
 * card"): the coloured grid without letters, the day, tries, score and time. A PNG data URL the
 * player can long-press or right-click to save; the frame cannot download or reach anyone itself.
 */
export function drawCard(opts: {
  title: string;
  day: number;
  hints: Hint[][];
  solved: boolean;
  score: number;
  scoreLabel: string;
  time: string;
}): string {
  const w = 600;
  const h = 760;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  if (!g) return '';
  const bg = g.createLinearGradient(0, 0, w, h);
  bg.addColorStop(0, '#1b1f3b');
  bg.addColorStop(1, '#3b1f4a');
  g.fillStyle = bg;
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#ffffff';
  g.textAlign = 'center';
  g.font = '700 40px system-ui, sans-serif';
  g.fillText(opts.title, w / 2, 72);
  g.font = '500 26px system-ui, sans-serif';
  g.fillStyle = '#c9c6e8';
  const tries = opts.solved ? `${opts.hints.length}/${MAX_TRIES}` : `X/${MAX_TRIES}`;
  g.fillText(`#${opts.day} · ${tries} · ${opts.time}`, w / 2, 116);
  const size = 72;
  const gap = 10;
  const left = (w - (5 * size + 4 * gap)) / 2;
  for (let r = 0; r < MAX_TRIES; r++) {
    for (let c = 0; c < 5; c++) {
      const hint = opts.hints[r]?.[c];
      g.fillStyle = hint ? COLOURS[hint] : 'rgba(255,255,255,0.08)';
      const x = left + c * (size + gap);
      const y = 150 + r * (size + gap);
      g.beginPath();
      g.roundRect(x, y, size, size, 10);
      g.fill();
    }
  }
  g.fillStyle = '#ffd166';
  g.font = '800 56px system-ui, sans-serif';
  g.fillText(`${opts.score} ${opts.scoreLabel}`, w / 2, 720);
  return canvas.toDataURL('image/png');
}
