import type { PalabraGame } from '@tertulia/contract';
import type { GameClient } from '@tertulia/games-sdk';

/** The SDK as the host page loads it (`/games-builtin/sdk.js`, the global `TertuliaGames`). */
export type Sdk = GameClient & {
  /** A game's own server call (contract entries with `gameModule: 'palabra'`). */
  call(name: string, params?: Record<string, unknown>): Promise<unknown>;
};
declare const TertuliaGames: { createGameClient(options?: { timeoutMs?: number }): Sdk };

export const sdk = TertuliaGames.createGameClient({ timeoutMs: 15_000 });

/** A call's answer is the envelope's list or its first item, depending on the host: one shape here. */
const first = <T>(result: unknown): T => (Array.isArray(result) ? result[0] : result) as T;
const list = <T>(result: unknown): T[] => (Array.isArray(result) ? result : []) as T[];

export type { PalabraGame };
export interface BoardLine {
  rank: number;
  score: number;
  scoreFormatted?: string;
  userId: number;
  userName: string;
}

export const api = {
  start: async () => first<PalabraGame>(await sdk.call('startPalabra', {})),
  guess: async (day: number, word: string) => first<PalabraGame>(await sdk.call('guessPalabra', { day, word })),
  board: async (type: 'friends' | 'global') => list<BoardLine>(await sdk.call('getPalabraBoard', { type })),
};
