/**
 * Age, as people shows it and accounts checks it at sign-up. It lives in people because people
 * shows every member's age; accounts imports it from here (never the reverse: no folder cycle,
 * docs/architecture.md).
 */

/** Members are adults: sign-up refuses anyone younger, and recommendations never go below it. */
export const MIN_AGE = 18;

/** Whole years between a YYYY-MM-DD birthday and a day. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}
