/** Members are at least 13; the year list goes back 100 years from there. */
export const MIN_AGE = 13;
const SPAN = 100;

export function birthYears(now = new Date()): number[] {
  const newest = now.getFullYear() - MIN_AGE;
  return Array.from({ length: SPAN }, (_, i) => newest - i);
}

export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)));
}

export function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year || 2000, month || 1, 0)).getUTCDate();
}
