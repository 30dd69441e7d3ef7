import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';

// Guerra de Calles' own entities (gid 1000; docs/games-calles.md in the repository).

const Count = () => Type.Integer({ minimum: 0 });
export const CallesCrew = Type.Object({ bruiser: Count(), guard: Count(), runner: Count() });
export const CallesBuildings = Type.Object({
  kiosk: Count(),
  workshop: Count(),
  barricade: Count(),
  gym: Count(),
});

/** A player's street at the server's `now`: income counted, timers settled. */
export const CallesState = Type.Object({
  userId: Type.Integer(),
  level: Type.Integer(),
  xp: Type.Integer(),
  /** Experience where this level starts and the next one does. */
  xpLevel: Type.Integer(),
  xpNext: Type.Integer(),
  cash: Type.Integer(),
  cashCap: Type.Integer(),
  /** Cash a minute from the buildings. */
  income: Type.Integer(),
  crew: CallesCrew,
  crewMax: Type.Integer(),
  wounded: CallesCrew,
  recoverAt: EpochMs('when the wounded return; 0 none'),
  training: Opt(
    Type.Object({
      kind: Type.String(),
      count: Type.Integer(),
      until: EpochMs('when the trained members join'),
    }),
  ),
  buildings: CallesBuildings,
  lots: Type.Integer(),
  attack: Type.Integer(),
  defence: Type.Integer(),
  shieldUntil: EpochMs('until when nobody may attack this street'),
  cooldownUntil: EpochMs('until when this player may not attack again'),
  wins: Type.Integer(),
  losses: Type.Integer(),
  defences: Type.Integer(),
  /** Attacks on the player not yet seen in the journal. */
  unreadJournal: Type.Integer(),
  /** The server's clock when answering: the client counts timers from it, never from its own. */
  now: EpochMs('the server’s time'),
});
export type CallesState = Static<typeof CallesState>;

/** Someone the player may attack: a friend who plays, or a player near their level. */
export const CallesTarget = Type.Object({
  uid: Type.Integer(),
  name: Type.String(),
  image1: Opt(Type.String()),
  level: Type.Integer(),
  friend: Type.Boolean(),
  shieldUntil: EpochMs('until when this street is left alone'),
});
export type CallesTarget = Static<typeof CallesTarget>;

const Side = Type.Object({ uid: Type.Integer(), name: Type.String(), level: Type.Integer() });

/** A battle, which is also a journal entry for both sides. */
export const CallesBattle = Type.Object({
  id: Type.Integer(),
  attacker: Side,
  defender: Side,
  attackerWon: Type.Boolean(),
  loot: Type.Integer(),
  rounds: Type.Array(Type.Object({ attack: Type.Integer(), defence: Type.Integer() })),
  attackerWounded: CallesCrew,
  defenderWounded: CallesCrew,
  attackerXp: Type.Integer(),
  defenderXp: Type.Integer(),
  seed: Type.Integer(),
  /** The caller's side in it. */
  side: Type.Union([Type.Literal('attacker'), Type.Literal('defender')]),
  /** For the defender: seen in the journal already. */
  read: Type.Boolean(),
  creationTime: EpochMs(),
});
export type CallesBattle = Static<typeof CallesBattle>;
