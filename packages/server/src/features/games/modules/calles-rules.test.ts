import { describe, expect, it } from 'vitest';
import {
  applyBattle,
  attackRefusal,
  build,
  CREW,
  cashCap,
  crewSize,
  LIMITS,
  levelOf,
  newPlayer,
  resolveBattle,
  type StreetState,
  seeded,
  settle,
  train,
  xpForLevel,
} from './calles-rules';

const T0 = 1_750_000_000_000;
const player = (over: Partial<StreetState> = {}): StreetState => ({
  ...newPlayer(T0),
  shieldUntil: 0,
  ...over,
});
const ok = (out: ReturnType<typeof train>) => {
  if ('refused' in out) throw new Error(`refused: ${out.refused}`);
  return out.state;
};

describe('Guerra de Calles rules', () => {
  it('draws the same numbers for the same seed, different ones for another', () => {
    const a = seeded(42);
    const b = seeded(42);
    const c = seeded(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('resolves a battle deterministically for a seed', () => {
    const attacker = player({ crew: { bruiser: 8, guard: 2, runner: 4 } });
    const defender = player({ cash: 500, crew: { bruiser: 2, guard: 5, runner: 1 } });
    const once = resolveBattle(attacker, defender, 123_456);
    expect(resolveBattle(attacker, defender, 123_456)).toEqual(once);
    expect(once.rounds).toHaveLength(3);
    // Over many seeds both outcomes happen for evenly matched sides: the draw matters.
    const even = player({ crew: { bruiser: 3, guard: 3, runner: 3 } });
    const outcomes = new Set(
      Array.from({ length: 200 }, (_, seed) => resolveBattle(even, even, seed).attackerWon),
    );
    expect(outcomes).toEqual(new Set([true, false]));
  });

  it('keeps wounds and loot within their bounds for any seed', () => {
    const attacker = player({ level: 5, cash: 0, crew: { bruiser: 20, guard: 0, runner: 10 } });
    const defender = player({ cash: 2_000, crew: { bruiser: 6, guard: 7, runner: 3 } });
    for (let seed = 0; seed < 500; seed++) {
      const r = resolveBattle(attacker, defender, seed * 7919);
      for (const k of ['bruiser', 'guard', 'runner'] as const) {
        expect(r.attackerWounded[k]).toBeLessThanOrEqual(
          Math.floor(attacker.crew[k] * LIMITS.ATTACKER_LOSS_MAX),
        );
        expect(r.defenderWounded[k]).toBeLessThanOrEqual(
          Math.floor(defender.crew[k] * LIMITS.DEFENDER_LOSS_MAX),
        );
        expect(r.attackerWounded[k]).toBeGreaterThanOrEqual(0);
      }
      expect(r.loot).toBeLessThanOrEqual(Math.floor(defender.cash * LIMITS.LOOT_MAX));
      expect(r.loot).toBeLessThanOrEqual(cashCap(attacker.level) - attacker.cash);
      if (!r.attackerWon) expect(r.loot).toBe(0);
    }
  });

  it('moves the loot, wounds both crews, sets cooldown and shield, and levels up', () => {
    const attacker = player({ xp: xpForLevel(2) - 10, cash: 0, crew: { bruiser: 10, guard: 0, runner: 5 } });
    const defender = player({ cash: 900, crew: { bruiser: 1, guard: 1, runner: 0 } });
    const seed = [...Array(50).keys()].find((s) => resolveBattle(attacker, defender, s).attackerWon) ?? 0;
    const r = resolveBattle(attacker, defender, seed);
    const { attacker: a, defender: d } = applyBattle(attacker, defender, r, T0);
    expect(r.loot).toBeGreaterThan(0);
    expect(a.cash + d.cash).toBe(attacker.cash + defender.cash);
    expect(crewSize(a.crew) + crewSize(a.wounded)).toBe(crewSize(attacker.crew));
    expect(a.cooldownUntil).toBe(T0 + LIMITS.ATTACK_COOLDOWN_MS);
    expect(d.shieldUntil).toBe(T0 + LIMITS.SHIELD_MS);
    expect(a.level).toBe(2);
    expect(a.wins).toBe(1);
    expect(attackRefusal(a, d, T0 + 1_000)).toBe('cooldown');
    expect(attackRefusal(player(), d, T0 + 1_000)).toBe('shielded');
    expect(attackRefusal(player({ crew: { bruiser: 0, guard: 0, runner: 0 } }), defender, T0)).toBe('noCrew');
  });

  it('counts income on the server clock up to the safe, keeping fractions for later', () => {
    const s = player({ cash: 0, cashAt: T0, buildings: { kiosk: 1, workshop: 0, barricade: 0, gym: 0 } });
    // 6 a minute: 30 s earn 3, and the next 30 s 3 more (no coin lost to rounding).
    const half = settle(s, T0 + 30_000);
    expect(half.cash).toBe(3);
    expect(settle(half, T0 + 60_000).cash).toBe(6);
    expect(settle(s, T0 + 10 * 3_600_000).cash).toBe(cashCap(1));
    // A clock that went back earns nothing.
    expect(settle(s, T0 - 60_000).cash).toBe(0);
  });

  it('trains for the kind’s time, paid at once, one order at a time, within the crew limit', () => {
    const s = player({ cash: 500, cashAt: T0, buildings: { kiosk: 0, workshop: 0, barricade: 0, gym: 0 } });
    const ordered = ok(train(s, 'runner', 3, T0));
    expect(ordered.cash).toBe(500 - 3 * CREW.runner.cost);
    expect(train(ordered, 'guard', 1, T0)).toEqual({ refused: 'busy' });
    expect(settle(ordered, T0 + 3 * CREW.runner.trainS * 1000 - 1).crew.runner).toBe(2);
    expect(settle(ordered, T0 + 3 * CREW.runner.trainS * 1000).crew.runner).toBe(5);
    expect(train(s, 'bruiser', 0, T0)).toEqual({ refused: 'badCount' });
    expect(train(s, 'bruiser', 11, T0)).toEqual({ refused: 'badCount' });
    expect(train(player({ cash: 10 }), 'bruiser', 1, T0)).toEqual({ refused: 'cash' });
    expect(
      train(player({ cash: 5_000, crew: { bruiser: 20, guard: 0, runner: 0 } }), 'guard', 1, T0),
    ).toEqual({
      refused: 'crewFull',
    });
  });

  it('heals the wounded after the recovery time', () => {
    const s = player({
      crew: { bruiser: 1, guard: 0, runner: 0 },
      wounded: { bruiser: 2, guard: 1, runner: 0 },
      recoverAt: T0 + 5,
    });
    expect(settle(s, T0).crew.bruiser).toBe(1);
    const healed = settle(s, T0 + 5);
    expect(healed.crew).toEqual({ bruiser: 3, guard: 1, runner: 0 });
    expect(crewSize(healed.wounded)).toBe(0);
  });

  it('builds on free lots at a rising price', () => {
    const s = player({ cash: 1_000 });
    const one = ok(build(s, 'kiosk'));
    expect(one.cash).toBe(1_000 - 160);
    expect(one.buildings.kiosk).toBe(2);
    expect(build(player({ cash: 0 }), 'gym')).toEqual({ refused: 'cash' });
    const full = player({ cash: 10_000, buildings: { kiosk: 2, workshop: 1, barricade: 1, gym: 0 } });
    expect(build(full, 'gym')).toEqual({ refused: 'lotsFull' });
  });

  it('levels from experience', () => {
    expect(levelOf(0)).toBe(1);
    expect(levelOf(99)).toBe(1);
    expect(levelOf(100)).toBe(2);
    expect(levelOf(300)).toBe(3);
    expect(levelOf(Number.MAX_SAFE_INTEGER)).toBe(LIMITS.MAX_LEVEL);
  });
});
