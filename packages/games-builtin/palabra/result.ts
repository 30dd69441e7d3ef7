import { MAX_TRIES, shareText } from '../../server/src/features/games/modules/palabra-rules';
import { el } from './board';
import { drawCard } from './card';
import { api, type BoardLine, type PalabraGame, sdk } from './sdk';
import type { Texts } from './texts';

export const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Copies in a sandboxed frame: the Clipboard API when allowed, else a selected text area. */
async function copy(text: string, area: HTMLTextAreaElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    area.hidden = false;
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * The end of the day's game: how it went, the share card (text to copy or post to the wall, and
 * an image), today's board (friends or everyone) and the time to the next word.
 */
export function showResult(root: HTMLElement, t: Texts, game: PalabraGame, toast: (m: string) => void) {
  root.replaceChildren();
  const hints = game.guesses.map((g) => g.hints);
  const headline = game.solved
    ? t.won[Math.min(game.guesses.length, MAX_TRIES) - 1]
    : `${t.lost} ${game.answer?.toUpperCase() ?? ''}`;
  root.append(el('h2', 'headline', headline));
  const stats = el('div', 'stats');
  const stat = (value: string, label: string) => {
    const box = el('div', 'stat');
    box.append(el('strong', '', value), el('span', '', label));
    stats.append(box);
  };
  stat(String(game.score), t.points);
  stat(game.solved ? `${game.guesses.length}/${MAX_TRIES}` : `X/${MAX_TRIES}`, t.tries);
  stat(clock(game.playMs), t.time);
  root.append(stats);

  const text = shareText(t.short, game.day, hints, game.solved, game.score);
  const actions = el('div', 'actions');
  const area = el('textarea', 'share-text');
  area.value = text;
  area.readOnly = true;
  area.hidden = true;
  const copyButton = el('button', 'primary', t.copy);
  copyButton.type = 'button';
  copyButton.onclick = async () => toast((await copy(text, area)) ? t.copied : t.copyManual);
  const postButton = el('button', 'secondary', t.post);
  postButton.type = 'button';
  postButton.onclick = async () => {
    postButton.disabled = true;
    try {
      await sdk.postFeedEvent(100, text);
      toast(t.posted);
    } catch (e) {
      postButton.disabled = false;
      toast((e as Error).message);
    }
  };
  actions.append(copyButton, postButton);
  root.append(actions, area);

  const card = drawCard({
    title: t.title,
    day: game.day,
    hints,
    solved: game.solved,
    score: game.score,
    scoreLabel: t.points,
    time: clock(game.playMs),
  });
  if (card) {
    const figure = el('figure', 'card');
    const img = el('img');
    img.src = card;
    img.alt = text;
    figure.append(img, el('figcaption', '', t.card));
    root.append(figure);
  }

  root.append(el('h3', '', t.today));
  const tabs = el('div', 'tabs');
  const lines = el('ol', 'board');
  const load = async (type: 'friends' | 'global', tab: HTMLButtonElement) => {
    for (const b of tabs.querySelectorAll('button')) b.setAttribute('aria-selected', String(b === tab));
    let rows: BoardLine[] = [];
    try {
      rows = await api.board(type);
    } catch (e) {
      toast((e as Error).message);
    }
    lines.replaceChildren(
      ...(rows.length
        ? rows.map((r) => {
            const li = el('li');
            li.append(
              el('span', 'rank', String(r.rank)),
              el('span', 'name', r.userName),
              el('span', 'score', r.scoreFormatted ?? String(r.score)),
            );
            return li;
          })
        : [el('li', 'empty', t.nobody)]),
    );
  };
  for (const [type, label] of [
    ['friends', t.friends],
    ['global', t.everyone],
  ] as const) {
    const tab = el('button', 'tab', label);
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.onclick = () => load(type, tab);
    tabs.append(tab);
  }
  tabs.setAttribute('role', 'tablist');
  root.append(tabs, lines);
  void load('friends', tabs.querySelector('button') as HTMLButtonElement);

  const next = el('p', 'next');
  root.append(next);
  const tick = () => {
    const left = 86_400_000 - (Date.now() % 86_400_000);
    const h = Math.floor(left / 3_600_000);
    next.textContent = `${t.next} ${h}:${clock(left % 3_600_000).padStart(5, '0')}`;
  };
  tick();
  setInterval(tick, 1000);
}
