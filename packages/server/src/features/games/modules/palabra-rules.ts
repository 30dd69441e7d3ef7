/**
 * "La palabra del día" rules (docs/games-palabra.md): pure, no imports, so the game's frame bundles
 * them too. The server's answer is the one that counts: the frame never knows the day's word.
 */
export const WORD_LENGTH = 5;
export const MAX_TRIES = 6;
/** Points for solving, by tries left: 1 try 600, 6 tries 100. */
export const POINTS_PER_TRY_LEFT = 100;
/** Bonus for speed: this many points, one less per second of play (a second begun counts). */
export const TIME_BONUS_MAX = 300;
/** A gap between two moves counts at most this long: a hidden tab or a pause costs no more. */
export const GAP_CAP_MS = 120_000;
/** No person types five letters faster: a guess sooner than this after the last move is refused. */
export const MIN_GUESS_GAP_MS = 500;
export const DAY_MS = 86_400_000;
/** The highest score a game can earn (one try, as fast as a person types). */
export const PALABRA_SCORE_MAX =
  POINTS_PER_TRY_LEFT * MAX_TRIES + TIME_BONUS_MAX - Math.ceil(MIN_GUESS_GAP_MS / 1000);

export type Hint = 'correct' | 'present' | 'absent';

/** The UTC day of an instant (days since 1970-01-01): everyone shares the day's word. */
export const dayOf = (at: number) => Math.floor(at / DAY_MS);

/** Lower case, accents dropped (á is a, ü is u), ñ kept as a letter of its own. */
export function normalizeWord(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/n\u0303/g, 'ñ')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Five letters of the game's alphabet (a-z and ñ) after normalizing. */
export const isWellFormed = (word: string) => /^[a-zñ]{5}$/.test(word);

/**
 * The hints for a guess: green where the letter is in its place; yellow for a letter elsewhere in
 * the word, only as many times as the word has it beyond the greens; grey for the rest.
 */
export function hintsFor(answer: string, guess: string): Hint[] {
  const a = [...answer];
  const g = [...guess];
  const hints: Hint[] = g.map((c, i) => (c === a[i] ? 'correct' : 'absent'));
  const left = new Map<string, number>();
  a.forEach((c, i) => {
    if (hints[i] !== 'correct') left.set(c, (left.get(c) ?? 0) + 1);
  });
  g.forEach((c, i) => {
    const n = left.get(c) ?? 0;
    if (hints[i] === 'absent' && n > 0) {
      hints[i] = 'present';
      left.set(c, n - 1);
    }
  });
  return hints;
}

/** Play time as the server counts it: the gaps between moves, each at most GAP_CAP_MS. */
export function activeMs(startedAt: number, guessTimes: readonly number[]): number {
  let total = 0;
  let last = startedAt;
  for (const at of guessTimes) {
    total += Math.min(Math.max(at - last, 0), GAP_CAP_MS);
    last = at;
  }
  return total;
}

/** A finished game's score: fewer tries and less time score more; an unsolved game scores 0. */
export function palabraScore(solved: boolean, tries: number, playMs: number): number {
  if (!solved || tries < 1 || tries > MAX_TRIES) return 0;
  const bonus = Math.max(0, TIME_BONUS_MAX - Math.ceil(playMs / 1000));
  return POINTS_PER_TRY_LEFT * (MAX_TRIES + 1 - tries) + bonus;
}

/** Whether any game could score this: 0, or a try's points plus a bonus a person could reach. */
export function isPossiblePalabraScore(score: number): boolean {
  if (!Number.isInteger(score) || score < 0) return false;
  if (score === 0) return true;
  for (let tries = 1; tries <= MAX_TRIES; tries++) {
    const bonus = score - POINTS_PER_TRY_LEFT * (MAX_TRIES + 1 - tries);
    const fastest = Math.ceil((tries * MIN_GUESS_GAP_MS) / 1000);
    if (bonus >= 0 && bonus <= TIME_BONUS_MAX - fastest) return true;
  }
  return false;
}

/** One guess as the game keeps it: the word and when the server took it (epoch ms). */
export interface PalabraGuess {
  word: string;
  at: number;
}

/** A game replayed from its recorded guesses: what the server stores and the frame shows. */
export interface PalabraReplay {
  hints: Hint[][];
  solved: boolean;
  finished: boolean;
  score: number;
}

/** Replays recorded guesses against the answer: the score comes from this, never from the frame. */
export function replayPalabra(
  answer: string,
  startedAt: number,
  guesses: readonly PalabraGuess[],
): PalabraReplay {
  const hints = guesses.map((g) => hintsFor(answer, g.word));
  const solved = guesses.some((g) => g.word === answer);
  const finished = solved || guesses.length >= MAX_TRIES;
  const playMs = activeMs(
    startedAt,
    guesses.map((g) => g.at),
  );
  return { hints, solved, finished, score: finished ? palabraScore(solved, guesses.length, playMs) : 0 };
}

const SQUARES: Record<Hint, string> = { correct: '🟩', present: '🟨', absent: '⬛' };

/** The share card's text: title, day, tries and the coloured grid, without the letters. */
export function shareText(
  title: string,
  day: number,
  hints: Hint[][],
  solved: boolean,
  score: number,
): string {
  const tries = solved ? `${hints.length}/${MAX_TRIES}` : `X/${MAX_TRIES}`;
  const grid = hints.map((row) => row.map((h) => SQUARES[h]).join('')).join('\n');
  return `${title} #${day} ${tries} · ${score}\n${grid}`;
}

/** The best hint seen for each letter, for the on-screen keyboard's colours. */
export function keyboardHints(guesses: readonly string[], hints: readonly Hint[][]): Record<string, Hint> {
  const rank: Record<Hint, number> = { absent: 0, present: 1, correct: 2 };
  const keys: Record<string, Hint> = {};
  guesses.forEach((word, r) => {
    [...word].forEach((c, i) => {
      const h = hints[r]?.[i];
      if (h && (!keys[c] || rank[h] > rank[keys[c]])) keys[c] = h;
    });
  });
  return keys;
}
