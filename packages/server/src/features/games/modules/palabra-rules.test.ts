import { describe, expect, it } from 'vitest';
import {
  activeMs,
  DAY_MS,
  dayOf,
  GAP_CAP_MS,
  hintsFor,
  isPossiblePalabraScore,
  isWellFormed,
  keyboardHints,
  MIN_GUESS_GAP_MS,
  normalizeWord,
  PALABRA_SCORE_MAX,
  palabraScore,
  replayPalabra,
  shareText,
} from './palabra-rules';
import { PALABRA_ANSWERS, PALABRA_OTHER_GUESSES } from './palabra-words';

const short = (hints: string[]) =>
  hints.map((h) => ({ correct: 'G', present: 'Y', absent: '.' })[h]).join('');

describe('La palabra del día: rules', () => {
  it('colours each letter: in place, elsewhere, or not in the word', () => {
    expect(short(hintsFor('gatos', 'gatos'))).toBe('GGGGG');
    expect(short(hintsFor('gatos', 'tomas'))).toBe('YY.YG');
    expect(short(hintsFor('gatos', 'lunes'))).toBe('....G');
  });

  it('a repeated letter is yellow only as many times as the word has it beyond the greens', () => {
    // One a in "perla": the first a of "casas" is yellow, the second grey.
    expect(short(hintsFor('perla', 'casas'))).toBe('.Y...');
    // The green takes the only o of "mundo": the other o is grey, not yellow.
    expect(short(hintsFor('mundo', 'bollo'))).toBe('....G');
    expect(short(hintsFor('mundo', 'cocos'))).toBe('.Y...');
    // Two r in "perro", one green: the other r of the guess is yellow.
    expect(short(hintsFor('perro', 'rubro'))).toBe('Y..GG');
  });

  it('ñ is a letter of its own and accents are dropped', () => {
    expect(normalizeWord(' Árbol ')).toBe('arbol');
    expect(normalizeWord('PINGÜE')).toBe('pingue');
    expect(normalizeWord('Señor')).toBe('señor');
    expect(isWellFormed('señor')).toBe(true);
    expect(isWellFormed('senor1')).toBe(false);
    expect(isWellFormed('casa')).toBe(false);
    expect(short(hintsFor('señor', 'senos'))).toBe('GG.G.');
    expect(short(hintsFor('niñas', 'ninas'))).toBe('GG.GG');
    expect(short(hintsFor('niñas', 'ñandu'))).toBe('YYY..');
  });

  it('the word lists are five letters of the alphabet, answers also valid guesses, no duplicates', () => {
    const all = [...PALABRA_ANSWERS, ...PALABRA_OTHER_GUESSES];
    expect(PALABRA_ANSWERS.length).toBeGreaterThanOrEqual(1500);
    expect(all.every(isWellFormed)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect(PALABRA_ANSWERS).toContain('señor');
  });

  it('scores fewer tries and less time higher; an unsolved game scores 0', () => {
    expect(palabraScore(true, 1, 1_000)).toBe(600 + 299);
    expect(palabraScore(true, 3, 60_000)).toBe(400 + 240);
    expect(palabraScore(true, 6, 600_000)).toBe(100);
    expect(palabraScore(false, 6, 10_000)).toBe(0);
    expect(palabraScore(true, 7, 10_000)).toBe(0);
    expect(palabraScore(true, 2, 10_000)).toBeGreaterThan(palabraScore(true, 3, 10_000));
    expect(palabraScore(true, 2, 10_000)).toBeGreaterThan(palabraScore(true, 2, 20_000));
  });

  it('counts play time as the gaps between moves, each at most GAP_CAP_MS (a hidden tab costs no more)', () => {
    expect(activeMs(0, [10_000, 25_000])).toBe(25_000);
    expect(activeMs(0, [10_000, 10_000 + 3_600_000])).toBe(10_000 + GAP_CAP_MS);
    expect(activeMs(5_000, [])).toBe(0);
  });

  it('refuses scores no game can give: above the best, negative, fractional or out of any try’s range', () => {
    expect(PALABRA_SCORE_MAX).toBe(899);
    expect(isPossiblePalabraScore(0)).toBe(true);
    expect(isPossiblePalabraScore(899)).toBe(true);
    expect(isPossiblePalabraScore(100)).toBe(true);
    expect(isPossiblePalabraScore(900)).toBe(false);
    expect(isPossiblePalabraScore(-5)).toBe(false);
    expect(isPossiblePalabraScore(99)).toBe(false);
    expect(isPossiblePalabraScore(450.5)).toBe(false);
    expect(isPossiblePalabraScore(798)).toBe(true);
    // Every score a real game makes at a human pace is possible.
    for (let tries = 1; tries <= 6; tries++)
      for (const ms of [tries * MIN_GUESS_GAP_MS, 7_300, 95_000, 400_000])
        expect(isPossiblePalabraScore(palabraScore(true, tries, ms))).toBe(true);
  });

  it('replays recorded guesses into hints, the end of the game and its score', () => {
    const start = 1_000_000;
    const guesses = [
      { word: 'perro', at: start + 20_000 },
      { word: 'gatos', at: start + 50_000 },
    ];
    const replay = replayPalabra('gatos', start, guesses);
    expect(replay).toMatchObject({ solved: true, finished: true, score: 500 + 250 });
    expect(replay.hints.map(short)).toEqual(['....Y', 'GGGGG']);
    const lost = Array.from({ length: 6 }, (_, i) => ({ word: 'perro', at: start + (i + 1) * 1000 }));
    expect(replayPalabra('gatos', start, lost)).toMatchObject({ solved: false, finished: true, score: 0 });
    expect(replayPalabra('gatos', start, lost.slice(0, 3))).toMatchObject({ finished: false, score: 0 });
  });

  it('shares the grid without the letters, and colours the keyboard with the best hint seen', () => {
    const hints = [hintsFor('gatos', 'tomas'), hintsFor('gatos', 'gatos')];
    expect(shareText('La palabra del día', 20_000, hints, true, 750)).toBe(
      'La palabra del día #20000 2/6 · 750\n🟨🟨⬛🟨🟩\n🟩🟩🟩🟩🟩',
    );
    expect(shareText('Word', 1, [hintsFor('gatos', 'verde')], false, 0)).toBe('Word #1 X/6 · 0\n⬛⬛⬛⬛⬛');
    const keys = keyboardHints(['tomas', 'gatos'], hints);
    expect(keys).toMatchObject({
      t: 'correct',
      o: 'correct',
      m: 'absent',
      a: 'correct',
      s: 'correct',
      g: 'correct',
    });
  });

  it('the day is the UTC day', () => {
    expect(dayOf(0)).toBe(0);
    expect(dayOf(DAY_MS - 1)).toBe(0);
    expect(dayOf(Date.UTC(2026, 10, 28, 23, 59))).toBe(dayOf(Date.UTC(2026, 10, 28, 0, 0)));
  });
});
