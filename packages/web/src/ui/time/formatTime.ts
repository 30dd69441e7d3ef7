import { getLocale, type Locale, t } from '../../i18n/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A time as a member reads it, against `now` (in a component, useTimeAgo in ./clock.ts gives the
 * page's now, the same on the server and in the hydration). Under 1 minute "recently", under 1 hour minutes, under 1 day hours, under
 * 7 days days, under 30 days weeks, under 1 year month and day, otherwise with the year.
 */
export function formatTime(
  then: number,
  now: number,
  locale: Locale = getLocale(),
  timeZone?: string,
): string {
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return t('time.recently');
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  if (elapsed < 30 * DAY) return relative.format(-Math.floor(elapsed / (7 * DAY)), 'week');
  const withYear = elapsed >= 365 * DAY;
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    year: withYear ? 'numeric' : undefined,
    timeZone,
  }).format(then);
}
