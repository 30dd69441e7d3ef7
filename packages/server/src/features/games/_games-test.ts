import { type AdminGame, api, type GameToken } from '@tertulia/contract';
import type { Member } from '../../../tests/_social';
import { uniqueId } from '../../../tests/_util';

/** Games test steps: an admin registers a game, a member opens it (its token). */
export async function registerGame(admin: Member, extra: Record<string, unknown> = {}): Promise<AdminGame> {
  const [game] = (await admin.ok(api.gameAdmin.registerGame, {
    name: `Juego ${uniqueId()}`,
    kind: 'external',
    url: `https://juegos-${uniqueId()}.example.org/play/`,
    scoreMin: 0,
    scoreMax: 10_000,
    scoresPerMinute: 100,
    ...extra,
  })) as AdminGame[];
  return game;
}

export async function openGame(m: Member, gid: number): Promise<GameToken & { token: string }> {
  const [token] = (await m.ok(api.game.getOAuthToken, { gid })) as (GameToken & { token: string })[];
  return token;
}
