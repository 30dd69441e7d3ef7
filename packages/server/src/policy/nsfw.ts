/**
 * Adult content (docs/moderation.md, "NSFW"): content marked NSFW by its author or by an admin
 * shows only to members who opted in AND are 18 or older. A minor's opt-in never counts: the
 * setting may have been stored before this rule, or a birth date corrected since, so every read
 * asks here rather than trusting the stored flag.
 */
export const ADULT_AGE = 18;

/** 18 or older on `now`'s UTC day, from a YYYY-MM-DD birth date (a 29 February birthday counts on 1 March). */
export function isAdult(birthDate: string, now: number = Date.now()): boolean {
  const year = Number(birthDate.slice(0, 4));
  if (!Number.isFinite(year) || birthDate.length < 10) return false;
  const comesOfAge = `${String(year + ADULT_AGE).padStart(4, '0')}${birthDate.slice(4, 10)}`;
  return comesOfAge <= new Date(now).toISOString().slice(0, 10);
}

/** Whether NSFW content shows to this viewer, given their stored opt-in. */
export function seesNsfw(viewer: { birth_date: string } | null, optedIn: boolean, now?: number): boolean {
  return !!viewer && optedIn && isAdult(viewer.birth_date, now);
}

/** A member may opt in only as an adult; opting out is always allowed. */
export const mayOptInToNsfw = (viewer: { birth_date: string }, allow: boolean, now?: number) =>
  !allow || isAdult(viewer.birth_date, now);
