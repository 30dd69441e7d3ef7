/**
 * Guerra de Calles' rules (docs/games-calles.md): pure, imported by the server module and bundled
 * by the game's client, so both judge alike; the server's answer is the one that counts. Times are
 * epoch ms from the server's clock, never the frame's.
 */

export const CREW_KINDS = ['bruiser', 'guard', 'runner'] as const;
export type CrewKind = (typeof CREW_KINDS)[number];
export const BUILDING_KINDS = ['kiosk', 'workshop', 'barricade', 'gym'] as const;
export type BuildingKind = (typeof BUILDING_KINDS)[number];

/** What one member of each kind brings: attack, defence, loot carried, cash and seconds to train. */
export const CREW: Record<
  CrewKind,
  { attack: number; defence: number; carry: number; cost: number; trainS: number }
> = {
  bruiser: { attack: 5, defence: 2, carry: 10, cost: 60, trainS: 30 },
  guard: { attack: 1, defence: 5, carry: 5, cost: 50, trainS: 25 },
  runner: { attack: 2, defence: 1, carry: 40, cost: 30, trainS: 15 },
};

/** Buildings: cash a minute, defence or attack they add, and their price (it grows with each one). */
export const BUILDINGS: Record<
  BuildingKind,
  { income: number; defence: number; attack: number; cost: number }
> = {
  kiosk: { income: 6, defence: 0, attack: 0, cost: 80 },
  workshop: { income: 15, defence: 1, attack: 0, cost: 220 },
  barricade: { income: 0, defence: 12, attack: 0, cost: 150 },
  gym: { income: 0, defence: 0, attack: 10, cost: 200 },
};

export const LIMITS = {
  MAX_LEVEL: 50,
  /** Members trained in one order, and the crew a player may hold. */
  TRAIN_BATCH_MAX: 10,
  CREW_MAX_BASE: 20,
  CREW_MAX_PER_LEVEL: 4,
  /** Lots of a territory: buildings a player may own. */
  LOTS_BASE: 4,
  LOTS_PER_LEVEL: 1,
  /** Cash the safe holds: what income beyond it is lost (comeback often). */
  CASH_CAP_BASE: 600,
  CASH_CAP_PER_LEVEL: 300,
  /** A territory always has some defence of its own (the neighbourhood). */
  BASE_DEFENCE: 6,
  /** Wounded members of a crew return after this. */
  RECOVERY_MS: 10 * 60_000,
  /** Between two attacks by the same player. */
  ATTACK_COOLDOWN_MS: 20_000,
  /** A territory just attacked is left alone this long (nobody is farmed). */
  SHIELD_MS: 5 * 60_000,
  /** Bounds of a battle: the share of each crew that may be wounded, and of the cash looted. */
  ATTACKER_LOSS_MAX: 0.35,
  DEFENDER_LOSS_MAX: 0.25,
  LOOT_MAX: 0.3,
  /** Matchmaking: levels either side of the player's own. */
  MATCH_LEVELS: 3,
} as const;

export type Crew = Record<CrewKind, number>;
export type Buildings = Record<BuildingKind, number>;

/** A player's stored state (the JSON of calles_players.state, beside its level and xp columns). */
export interface StreetState {
  level: number;
  xp: number;
  cash: number;
  /** Until when income was counted into cash. */
  cashAt: number;
  crew: Crew;
  /** Wounded members, back at `recoverAt`. */
  wounded: Crew;
  recoverAt: number;
  training: { kind: CrewKind; count: number; until: number } | null;
  buildings: Buildings;
  shieldUntil: number;
  cooldownUntil: number;
  wins: number;
  losses: number;
  defences: number;
}

const zeroCrew = (): Crew => ({ bruiser: 0, guard: 0, runner: 0 });

export function newPlayer(now: number): StreetState {
  return {
    level: 1,
    xp: 0,
    cash: 250,
    cashAt: now,
    crew: { bruiser: 3, guard: 2, runner: 2 },
    wounded: zeroCrew(),
    recoverAt: 0,
    training: null,
    buildings: { kiosk: 1, workshop: 0, barricade: 0, gym: 0 },
    // A new player is not attacked in their first minutes.
    shieldUntil: now + LIMITS.SHIELD_MS,
    cooldownUntil: 0,
    wins: 0,
    losses: 0,
    defences: 0,
  };
}

/** Experience needed to reach a level: 100, 300, 600, 1000... (triangular). */
export const xpForLevel = (level: number) => 50 * level * (level - 1);
export function levelOf(xp: number): number {
  let level = 1;
  while (level < LIMITS.MAX_LEVEL && xp >= xpForLevel(level + 1)) level++;
  return level;
}

export const incomePerMinute = (b: Buildings) =>
  BUILDING_KINDS.reduce((sum, k) => sum + b[k] * BUILDINGS[k].income, 0);
export const cashCap = (level: number) => LIMITS.CASH_CAP_BASE + LIMITS.CASH_CAP_PER_LEVEL * (level - 1);
export const crewMax = (level: number) => LIMITS.CREW_MAX_BASE + LIMITS.CREW_MAX_PER_LEVEL * (level - 1);
export const lots = (level: number) => LIMITS.LOTS_BASE + LIMITS.LOTS_PER_LEVEL * (level - 1);
export const crewSize = (c: Crew) => c.bruiser + c.guard + c.runner;
export const buildingCount = (b: Buildings) => BUILDING_KINDS.reduce((sum, k) => sum + b[k], 0);
/** The next building of a kind costs more the more the player has of it. */
export const buildingPrice = (b: Buildings, kind: BuildingKind) => BUILDINGS[kind].cost * (1 + b[kind]);

/** The state at `now`: income counted (up to the safe's cap), training and recovery done when due. */
export function settle(s: StreetState, now: number): StreetState {
  const next: StreetState = { ...s, crew: { ...s.crew }, wounded: { ...s.wounded } };
  const income = incomePerMinute(s.buildings);
  const cap = cashCap(s.level);
  if (now > s.cashAt) {
    if (s.cash >= cap || income <= 0) next.cashAt = now;
    else {
      const earned = Math.floor((income * (now - s.cashAt)) / 60_000);
      if (s.cash + earned >= cap) {
        next.cash = Math.max(s.cash, cap);
        next.cashAt = now;
      } else if (earned > 0) {
        next.cash = s.cash + earned;
        // Only the time the whole coins took is used up: fractions carry over to the next settle.
        next.cashAt = s.cashAt + Math.floor((earned * 60_000) / income);
      }
    }
  }
  if (s.training && now >= s.training.until) {
    next.crew[s.training.kind] += s.training.count;
    next.training = null;
  }
  if (crewSize(s.wounded) > 0 && now >= s.recoverAt) {
    for (const k of CREW_KINDS) next.crew[k] += s.wounded[k];
    next.wounded = zeroCrew();
    next.recoverAt = 0;
  }
  return next;
}

export type Refusal =
  | 'badCount'
  | 'busy'
  | 'cash'
  | 'crewFull'
  | 'lotsFull'
  | 'noCrew'
  | 'cooldown'
  | 'shielded'
  | 'self';
export type Outcome = { state: StreetState } | { refused: Refusal };

/** Orders `count` members of `kind`: paid now, ready after their training time. */
export function train(s: StreetState, kind: CrewKind, count: number, now: number): Outcome {
  if (!Number.isInteger(count) || count < 1 || count > LIMITS.TRAIN_BATCH_MAX) return { refused: 'badCount' };
  if (s.training) return { refused: 'busy' };
  const cost = CREW[kind].cost * count;
  if (s.cash < cost) return { refused: 'cash' };
  if (crewSize(s.crew) + crewSize(s.wounded) + count > crewMax(s.level)) return { refused: 'crewFull' };
  return {
    state: {
      ...s,
      cash: s.cash - cost,
      training: { kind, count, until: now + CREW[kind].trainS * 1000 * count },
    },
  };
}

export function build(s: StreetState, kind: BuildingKind): Outcome {
  if (buildingCount(s.buildings) >= lots(s.level)) return { refused: 'lotsFull' };
  const price = buildingPrice(s.buildings, kind);
  if (s.cash < price) return { refused: 'cash' };
  return {
    state: { ...s, cash: s.cash - price, buildings: { ...s.buildings, [kind]: s.buildings[kind] + 1 } },
  };
}

/** A seeded generator (mulberry32): the same seed draws the same numbers on any machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const attackPower = (s: Pick<StreetState, 'crew' | 'buildings'>) =>
  CREW_KINDS.reduce((sum, k) => sum + s.crew[k] * CREW[k].attack, 0) +
  (crewSize(s.crew) > 0 ? s.buildings.gym * BUILDINGS.gym.attack : 0);
export const defencePower = (s: Pick<StreetState, 'crew' | 'buildings'>) =>
  LIMITS.BASE_DEFENCE +
  CREW_KINDS.reduce((sum, k) => sum + s.crew[k] * CREW[k].defence, 0) +
  BUILDING_KINDS.reduce((sum, k) => sum + s.buildings[k] * BUILDINGS[k].defence, 0);
const carried = (c: Crew) => CREW_KINDS.reduce((sum, k) => sum + c[k] * CREW[k].carry, 0);

export interface BattleResult {
  attackerWon: boolean;
  /** The three rounds' rolls (attack against defence), for the client's animation. */
  rounds: { attack: number; defence: number }[];
  attackerWounded: Crew;
  defenderWounded: Crew;
  loot: number;
  attackerXp: number;
  defenderXp: number;
}

/** Wounds a share of each kind, rounding by the draw; never more than `max` of the crew. */
function wound(crew: Crew, share: number, max: number, draw: () => number): Crew {
  const out = zeroCrew();
  const s = Math.min(Math.max(share, 0), max);
  for (const k of CREW_KINDS) {
    const exact = crew[k] * s;
    const whole = Math.floor(exact) + (draw() < exact - Math.floor(exact) ? 1 : 0);
    out[k] = Math.min(whole, Math.floor(crew[k] * max));
  }
  return out;
}

/**
 * A battle from both sides' stored (settled) state and a seed: three rounds of attack against
 * defence, each rolled between 75% and 125% of the side's power; two rounds won take the street.
 * Wounds and loot are bounded (LIMITS); experience rewards beating a stronger rival.
 */
export function resolveBattle(attacker: StreetState, defender: StreetState, seed: number): BattleResult {
  const draw = seeded(seed);
  const a = attackPower(attacker);
  const d = defencePower(defender);
  const rounds = [0, 1, 2].map(() => ({
    attack: Math.round(a * (0.75 + draw() * 0.5)),
    defence: Math.round(d * (0.75 + draw() * 0.5)),
  }));
  const won = rounds.filter((r) => r.attack > r.defence).length >= 2;
  const total = rounds.reduce((sum, r) => sum + r.attack + r.defence, 0) || 1;
  const defShare = rounds.reduce((sum, r) => sum + r.defence, 0) / total;
  const attackerWounded = wound(attacker.crew, defShare * (won ? 0.4 : 0.7), LIMITS.ATTACKER_LOSS_MAX, draw);
  const defenderWounded = wound(
    defender.crew,
    (1 - defShare) * (won ? 0.5 : 0.25),
    LIMITS.DEFENDER_LOSS_MAX,
    draw,
  );
  const standing = { ...attacker.crew };
  for (const k of CREW_KINDS) standing[k] -= attackerWounded[k];
  const share = Math.min(LIMITS.LOOT_MAX, 0.1 + 0.4 * Math.max(0, 1 - 2 * defShare));
  // What the standing crew carries, and what the attacker's safe still holds.
  const room = Math.max(0, cashCap(attacker.level) - attacker.cash);
  const loot = won ? Math.min(Math.floor(defender.cash * share), carried(standing), room) : 0;
  const gap = defender.level - attacker.level;
  const attackerXp = won ? Math.max(10, 30 + 10 * gap) : 5;
  const defenderXp = won ? 3 : Math.max(5, 15 - 5 * gap);
  return { attackerWon: won, rounds, attackerWounded, defenderWounded, loot, attackerXp, defenderXp };
}

/** Why an attack may not start now (the targets' rules: who, friends or near in level, are the module's). */
export function attackRefusal(attacker: StreetState, defender: StreetState, now: number): Refusal | null {
  if (crewSize(attacker.crew) === 0) return 'noCrew';
  if (now < attacker.cooldownUntil) return 'cooldown';
  if (now < defender.shieldUntil) return 'shielded';
  return null;
}

/** Both sides after a battle: wounds heal on the server's clock, the loot changes hands. */
export function applyBattle(
  attacker: StreetState,
  defender: StreetState,
  r: BattleResult,
  now: number,
): { attacker: StreetState; defender: StreetState } {
  const hurt = (s: StreetState, w: Crew): StreetState => {
    const crew = { ...s.crew };
    const wounded = { ...s.wounded };
    for (const k of CREW_KINDS) {
      crew[k] -= w[k];
      wounded[k] += w[k];
    }
    return { ...s, crew, wounded, recoverAt: crewSize(w) > 0 ? now + LIMITS.RECOVERY_MS : s.recoverAt };
  };
  const gain = (s: StreetState, xp: number): StreetState => {
    const total = s.xp + xp;
    return { ...s, xp: total, level: levelOf(total) };
  };
  const a = gain(hurt(attacker, r.attackerWounded), r.attackerXp);
  const d = gain(hurt(defender, r.defenderWounded), r.defenderXp);
  return {
    attacker: {
      ...a,
      cash: a.cash + r.loot,
      cooldownUntil: now + LIMITS.ATTACK_COOLDOWN_MS,
      wins: a.wins + (r.attackerWon ? 1 : 0),
      losses: a.losses + (r.attackerWon ? 0 : 1),
    },
    defender: {
      ...d,
      cash: d.cash - r.loot,
      shieldUntil: now + LIMITS.SHIELD_MS,
      defences: d.defences + (r.attackerWon ? 0 : 1),
    },
  };
}

/** The leaderboard's score: experience (it only grows, and orders players by level too). */
export const scoreOf = (s: Pick<StreetState, 'xp'>) => s.xp;
export const SCORE_MAX = xpForLevel(LIMITS.MAX_LEVEL) * 10;
