import { REWARDS_TIME_ZONE } from '@tertulia/contract';

/**
 * Calendar days in REWARDS_TIME_ZONE, numbered from 1970-01-01: the unit of the daily boards and
 * of the daily spin. Midnight there, not in UTC, is when "today" starts over (docs/rewards.md).
 */
const DAY_MS = 86_400_000;
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: REWARDS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The zone's wall clock at `ms`, read as if it were UTC. */
function wallClock(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
}

/** The day number of an instant. */
export function dayOf(ms: number): number {
  return Math.floor(wallClock(ms) / DAY_MS);
}

/** The instant a day starts (its midnight in the zone). */
export function startOfDay(day: number): number {
  const midnight = day * DAY_MS;
  // The zone's offset near that midnight, applied twice to settle across a daylight-saving change.
  const first = midnight - (wallClock(midnight) - midnight);
  return midnight - (wallClock(first) - first);
}
