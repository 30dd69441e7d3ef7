import type { CallesBattle } from '@tertulia/contract';
import type { BattleResult } from './calles-rules';
import type { BattleRow } from './calles-store';

/** A battle as the caller sees it in their journal (either side). */
export function battleView(row: BattleRow, viewerId: number): CallesBattle {
  const r = JSON.parse(row.result) as BattleResult;
  const side = row.attacker_id === viewerId ? 'attacker' : 'defender';
  return {
    id: row.id,
    attacker: { uid: row.attacker_id, name: row.attacker_name ?? '', level: row.attacker_level },
    defender: { uid: row.defender_id, name: row.defender_name ?? '', level: row.defender_level },
    attackerWon: r.attackerWon,
    loot: r.loot,
    rounds: r.rounds,
    attackerWounded: r.attackerWounded,
    defenderWounded: r.defenderWounded,
    attackerXp: r.attackerXp,
    defenderXp: r.defenderXp,
    seed: Number(row.seed),
    side,
    read: side === 'attacker' || Number(row.read_at) > 0,
    creationTime: Number(row.created_at),
  };
}
