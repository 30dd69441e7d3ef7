import type { PalabraGame } from '@tertulia/contract';
import type { GameClient } from '@tertulia/games-sdk';

/** The SDK as the host page loads it (`/games-builtin/sdk.js`, the global `TertuliaGames`). */
declare const TertuliaGames: { createGameClient(options?: { timeoutMs?: number }): GameClient };

export const sdk = TertuliaGames.createGameClient({ timeoutMs: 15_000 });

export type { PalabraGame };
export interface BoardLine {
  rank: number;
  score: number;
  scoreFormatted?: string;
  userId: number;
  userName: string;
}

/** The game's own calls (`game/palabra...`): the host adds the game id and the token. */
export const api = {
  start: () => sdk.call<PalabraGame>('palabraStart'),
  guess: (day: number, word: string) => sdk.call<PalabraGame>('palabraGuess', { day, word }),
  board: async (type: 'friends' | 'global') => {
    const rows = await sdk.call<BoardLine[]>('palabraBoard', { type });
    return Array.isArray(rows) ? rows : [];
  },
};
