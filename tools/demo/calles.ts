import { api, type CallesState, STREET_WARS_GID } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import type { Db } from '../../packages/server/src/db/index';
import { ensureBuiltinGames } from '../../packages/server/src/features/games/builtin-catalogue';
import { callesModule } from '../../packages/server/src/features/games/modules/calles';
import {
  levelOf,
  type StreetState,
  xpForLevel,
} from '../../packages/server/src/features/games/modules/calles-rules';
import { callesStore } from '../../packages/server/src/features/games/modules/calles-store';
import { demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** Demo streets: a level, a crew and buildings (the rest is a new player's). */
export const DEMO_STREETS: readonly {
  name: string;
  level: number;
  crew: StreetState['crew'];
  buildings: StreetState['buildings'];
  cash: number;
}[] = [
  {
    name: 'diego',
    level: 5,
    crew: { bruiser: 14, guard: 6, runner: 6 },
    buildings: { kiosk: 3, workshop: 2, barricade: 1, gym: 2 },
    cash: 900,
  },
  {
    name: 'lucia',
    level: 4,
    crew: { bruiser: 6, guard: 10, runner: 3 },
    buildings: { kiosk: 2, workshop: 2, barricade: 2, gym: 0 },
    cash: 1_100,
  },
  {
    name: 'valentina',
    level: 4,
    crew: { bruiser: 10, guard: 4, runner: 5 },
    buildings: { kiosk: 3, workshop: 1, barricade: 0, gym: 2 },
    cash: 700,
  },
  {
    name: 'mateo',
    level: 3,
    crew: { bruiser: 5, guard: 5, runner: 4 },
    buildings: { kiosk: 2, workshop: 1, barricade: 1, gym: 1 },
    cash: 800,
  },
  {
    name: 'carlos',
    level: 2,
    crew: { bruiser: 6, guard: 2, runner: 3 },
    buildings: { kiosk: 2, workshop: 0, barricade: 1, gym: 1 },
    cash: 400,
  },
  {
    name: 'sofia',
    level: 2,
    crew: { bruiser: 3, guard: 6, runner: 2 },
    buildings: { kiosk: 2, workshop: 1, barricade: 1, gym: 0 },
    cash: 650,
  },
];

/** Who attacks whom: each street is attacked once, so every journal has an entry. */
export const DEMO_ATTACKS: readonly [string, string][] = [
  ['diego', 'lucia'],
  ['valentina', 'diego'],
  ['mateo', 'valentina'],
  ['carlos', 'sofia'],
  ['lucia', 'mateo'],
  ['sofia', 'carlos'],
];

/**
 * Guerra de Calles' demo through the real API: demo members open the game (their street is made),
 * their streets are grown straight in the game's table (levels take days of play), then they
 * attack each other through the game's own call, which writes journals, notices and feed events.
 * A rerun finds the streets shielded (403): nothing twice.
 */
export async function seedCallesDemo(app: App, db: Db): Promise<void> {
  const { call, uid } = demoApi(app);
  // In the catalogue as every install has it (the server's start does the same).
  await ensureBuiltinGames(db, [callesModule]);
  const tokens = new Map<string, string>();
  const store = callesStore(db);
  const now = Date.now();
  for (const s of DEMO_STREETS) {
    const [token] = (await call(s.name, api.game.getOAuthToken, { gid: STREET_WARS_GID })).GameToken as {
      token: string;
    }[];
    tokens.set(s.name, token.token);
    const [state] = (
      await call(s.name, api.game.callesState, { gameId: STREET_WARS_GID, token: token.token })
    ).CallesState as CallesState[];
    if (state.wins + state.losses + state.defences > 0) continue;
    const row = await store.player(await uid(s.name));
    if (!row) continue;
    const xp = xpForLevel(s.level) + 40;
    await store.save(
      row.userId,
      row.version,
      {
        ...row.state,
        xp,
        level: levelOf(xp),
        crew: s.crew,
        buildings: s.buildings,
        cash: s.cash,
        cashAt: now,
        shieldUntil: 0,
      },
      now,
    );
  }
  for (const [attacker, defender] of DEMO_ATTACKS)
    await call(
      attacker,
      api.game.callesAttack,
      { gameId: STREET_WARS_GID, token: tokens.get(attacker), targetId: await uid(defender) },
      [403, 409],
    );
  // Their level on the friends' board and on their profiles.
  for (const s of DEMO_STREETS) {
    const token = tokens.get(s.name);
    const [state] = (await call(s.name, api.game.callesState, { gameId: STREET_WARS_GID, token }))
      .CallesState as CallesState[];
    await call(s.name, api.game.submitScore, { gameId: STREET_WARS_GID, score: state.xp, token }, [429]);
    await call(s.name, api.game.setGamePresence, {
      gameId: STREET_WARS_GID,
      gameStatus: `Nivel ${state.level} en Guerra de Calles`,
      token,
    });
  }
}
