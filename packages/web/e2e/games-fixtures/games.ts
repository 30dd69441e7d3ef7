import type { AdminGame } from '@tertulia/contract';
import { expect } from 'vitest';
import { API, baseURL } from '../journey';
import type { Member } from '../members';

/** Games steps of the journeys: an admin registers a game through the admin call. */
export async function registerGame(admin: Member, fields: Record<string, unknown>): Promise<AdminGame> {
  const res = await admin.context.request.post(`${API}/admin/registerGame.do`, {
    headers: { origin: baseURL },
    data: { scoreMin: 0, scoreMax: 100_000, scoresPerMinute: 60, ...fields },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).AdminGame[0] as AdminGame;
}

/** The built-in example game, registered once per server (journey files share one). */
export async function exampleGame(admin: Member): Promise<AdminGame> {
  const listed = await admin.context.request.get(`${API}/admin/getGames.do?limit=100`);
  const found = ((await listed.json()).AdminGame as AdminGame[]).find((g) => g.slug === 'example');
  return (
    found ??
    registerGame(admin, {
      name: 'Atrapa la estrella',
      kind: 'builtin',
      slug: 'example',
      description: 'Atrapa la estrella tantas veces como puedas en 10 segundos.',
    })
  );
}
