import { createHash } from 'node:crypto';
import type { LeaderboardItem, PalabraGame } from '@tertulia/contract';
import { IMAGE_PATH } from '@tertulia/contract';
import type { Db } from '../../../db/index';
import type { UserRow } from '../../../http/context';
import { ApiError, invalid, rateLimited } from '../../../http/errors';
import { socialGraph } from '../../../policy/graph';
import {
  activeMs,
  dayOf,
  isPossiblePalabraScore,
  isWellFormed,
  MAX_TRIES,
  MIN_GUESS_GAP_MS,
  normalizeWord,
  type PalabraGuess,
  replayPalabra,
} from './palabra-rules';
import { type PalabraRow, palabraStore } from './palabra-store';
import { PALABRA_ANSWERS, PALABRA_OTHER_GUESSES } from './palabra-words';

const VALID = new Set([...PALABRA_ANSWERS, ...PALABRA_OTHER_GUESSES]);
const orders = new Map<string, readonly string[]>();

/**
 * The answers in the order the days take them: a shuffle seeded from the server's secret, so the
 * word list being public does not tell anyone tomorrow's word, and no word comes back for
 * PALABRA_ANSWERS.length days. Every instance with the same secret agrees.
 */
function orderFor(secret: string): readonly string[] {
  const cached = orders.get(secret);
  if (cached) return cached;
  let seed = createHash('sha256').update(`palabra:${secret}`).digest().readUInt32LE(0);
  const next = () => {
    // mulberry32: small, fast and good enough to shuffle a list.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const order = [...PALABRA_ANSWERS];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  orders.set(secret, order);
  return order;
}

/** The word of a UTC day: the same for every member (docs/games-palabra.md, "The day's word"). */
export const palabraAnswer = (secret: string, day: number) => {
  const order = orderFor(secret);
  return order[day % order.length];
};

export const isPalabraWord = (word: string) => VALID.has(word);

const parse = (row: PalabraRow): PalabraGuess[] => JSON.parse(row.guesses) as PalabraGuess[];
const image = (key: string | null) => (key ? `${IMAGE_PATH}/${encodeURIComponent(key)}` : undefined);

/** A stored game as the frame sees it: the answer only once the game is over. */
function toPalabraGame(row: PalabraRow, answer: string, now: number): PalabraGame {
  const guesses = parse(row);
  const replay = replayPalabra(answer, row.started_at, guesses);
  return {
    day: row.day,
    startedAt: row.started_at,
    guesses: guesses.map((g, i) => ({ word: g.word, hints: replay.hints[i], at: g.at })),
    maxTries: MAX_TRIES,
    finished: row.finished === 1,
    solved: row.solved === 1,
    score: row.score,
    playMs: activeMs(
      row.started_at,
      guesses.map((g) => g.at),
    ),
    serverNow: now,
    ...(row.finished === 1 ? { answer } : {}),
  };
}

/**
 * The module's score check: a score counts only as the result of a game the member finished today
 * or yesterday (a game begun before midnight), exactly as the server computed it.
 */
export async function checkPalabraScore(db: Db, userId: number, score: number, now: number) {
  if (!isPossiblePalabraScore(score)) return 'not a score the game can give';
  const today = dayOf(now);
  if (!(await palabraStore(db).hasResult(userId, [today, today - 1], score)))
    return 'no finished game with this score';
  return null;
}

/**
 * "La palabra del día"'s rules on the server (docs/games-palabra.md): one game per member and day,
 * each guess checked and timed here, the score replayed from the stored guesses.
 */
export function palabraUseCases(deps: { db: Db; secret: string }, clock: () => number = () => Date.now()) {
  const store = palabraStore(deps.db);
  const graph = socialGraph(deps.db);
  const answerOf = (day: number) => palabraAnswer(deps.secret, day);

  return {
    /** Today's game, started now if new; a second start keeps the first (and its clock). */
    async start(user: UserRow): Promise<PalabraGame> {
      const now = clock();
      const day = dayOf(now);
      await store.start(user.id, day, now);
      const row = await store.game(user.id, day);
      if (!row) throw new Error('palabra game missing after its start');
      return toPalabraGame(row, answerOf(day), now);
    },

    /**
     * A guess at a day's word: today's, or yesterday's when that game began before midnight. Bad
     * words, a finished game and a guess sooner than a person types are refused and change nothing.
     */
    async guess(user: UserRow, day: number, raw: string): Promise<PalabraGame> {
      const now = clock();
      const today = dayOf(now);
      if (day !== today && day !== today - 1) throw invalid('day', 'games.palabra.day');
      const word = normalizeWord(raw);
      if (!isWellFormed(word)) throw invalid('word', 'games.palabra.wordLength');
      if (!VALID.has(word)) throw invalid('word', 'games.palabra.notAWord');
      const row = await store.game(user.id, day);
      if (!row) {
        if (day !== today) throw invalid('day', 'games.palabra.day');
        throw new ApiError('ApiConflictException', 'games.palabra.notStarted');
      }
      if (row.finished) throw new ApiError('ApiConflictException', 'games.palabra.finished');
      const guesses = parse(row);
      const last = guesses.at(-1)?.at ?? row.started_at;
      if (now - last < MIN_GUESS_GAP_MS) throw rateLimited(MIN_GUESS_GAP_MS - (now - last));
      const next = [...guesses, { word, at: now }];
      const answer = answerOf(day);
      const replay = replayPalabra(answer, row.started_at, next);
      const move = {
        guesses: JSON.stringify(next),
        tries: next.length,
        finished: replay.finished,
        solved: replay.solved,
        score: replay.score,
        at: now,
      };
      if (!(await store.guess(row.id, row.tries, move)))
        throw new ApiError('ApiConflictException', 'games.palabra.busy');
      const saved = await store.game(user.id, day);
      return toPalabraGame(saved ?? row, answer, now);
    },

    /** A day's board (today by default): everyone, or the viewer and their friends. */
    async board(
      viewer: UserRow,
      type: 'global' | 'friends',
      day: number | undefined,
      page: number,
      limit: number,
    ): Promise<LeaderboardItem[]> {
      const offset = (page - 1) * limit;
      const only = type === 'friends' ? [viewer.id, ...(await graph.friendIds(viewer.id))] : undefined;
      const rows = await store.board(viewer.id, day ?? dayOf(clock()), only, limit, offset);
      return rows.map((r, i) => ({
        rank: offset + i + 1,
        score: r.score,
        scoreFormatted: `${r.score} · ${r.solved ? r.tries : 'X'}/${MAX_TRIES}`,
        userId: r.user_id,
        userName: r.name,
        userImage1: image(r.image1),
        timestamp: r.finished_at,
      }));
    },
  };
}
export type PalabraUseCases = ReturnType<typeof palabraUseCases>;
