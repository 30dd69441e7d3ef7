import type { CuatroMatch } from '@tertulia/contract';
import type { GameClient } from '@tertulia/games-sdk';

/** The SDK as this game uses it: the platform's calls plus its own server calls and live events. */
export type Sdk = GameClient & {
  call: (name: string, params?: Record<string, unknown>) => Promise<unknown>;
  on: (name: string, listener: (data: unknown) => void) => () => void;
};

declare global {
  // The SDK script (/games-builtin/sdk.js) sets this global before game.js runs.
  var TertuliaGames: { createGameClient: (options?: { timeoutMs?: number }) => GameClient };
}

const one = (answer: unknown) => (answer as CuatroMatch[] | { CuatroMatch?: CuatroMatch[] }) ;
/** A call's answer is the list of the contract's result (CuatroMatch[]). */
const list = (answer: unknown): CuatroMatch[] => {
  const a = one(answer);
  return Array.isArray(a) ? a : (a.CuatroMatch ?? []);
};

/** Cuatro en raya's own calls (contract: api.game.cuatro*), through the host page. */
export function cuatroApi(sdk: Sdk) {
  const first = async (name: string, params: Record<string, unknown>) => list(await sdk.call(name, params))[0];
  return {
    lobby: async () => list(await sdk.call('cuatroMatches', {})),
    match: (matchId: number) => first('cuatroMatch', { matchId }),
    challenge: (opponentId?: number) => first('cuatroChallenge', opponentId ? { opponentId } : {}),
    answer: (matchId: number, accept: boolean) => first('cuatroAnswer', { matchId, accept }),
    move: (matchId: number, column: number, version: number) => first('cuatroMove', { matchId, column, version }),
    resign: (matchId: number) => first('cuatroResign', { matchId }),
    rematch: (matchId: number) => first('cuatroRematch', { matchId }),
  };
}
export type CuatroApi = ReturnType<typeof cuatroApi>;
