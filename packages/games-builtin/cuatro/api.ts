import type { CuatroLobby, CuatroMatch } from '@tertulia/contract';
import type { GameClient } from '@tertulia/games-sdk';

/** The SDK: the platform's calls, its own server calls (`call`) and live events (`on`). */
export type Sdk = GameClient;

declare global {
  // The SDK script (/games-builtin/sdk.js) sets this global before game.js runs.
  var TertuliaGames: { createGameClient: (options?: { timeoutMs?: number }) => GameClient };
}

/** Cuatro en raya's own calls (contract: api.game.cuatro*), through the host page. */
export function cuatroApi(sdk: Sdk) {
  // The host answers a call's first result (one CuatroMatch; the lobby is one CuatroLobby).
  const first = (name: string, params: Record<string, unknown>) =>
    sdk.call(name, params) as Promise<CuatroMatch>;
  return {
    lobby: async () => ((await sdk.call('cuatroMatches', {})) as CuatroLobby).matches,
    match: (matchId: number) => first('cuatroMatch', { matchId }),
    challenge: (opponentId?: number) => first('cuatroChallenge', opponentId ? { opponentId } : {}),
    answer: (matchId: number, accept: boolean) => first('cuatroAnswer', { matchId, accept }),
    move: (matchId: number, column: number, version: number) =>
      first('cuatroMove', { matchId, column, version }),
    resign: (matchId: number) => first('cuatroResign', { matchId }),
    rematch: (matchId: number) => first('cuatroRematch', { matchId }),
  };
}
export type CuatroApi = ReturnType<typeof cuatroApi>;
