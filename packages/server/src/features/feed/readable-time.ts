import type { LocaleCode } from '../../i18n/messages';

/** Relative times (recently, minutes, hours, days, weeks, a date), in the reader's language. */
export function readable(at: number, locale: LocaleCode, now = Date.now()): string {
  const s = Math.max(0, now - at) / 1000;
  const es = locale === 'es';
  const unit = (n: number, esOne: string, esMany: string, enOne: string, enMany: string) =>
    es ? `hace ${n} ${n === 1 ? esOne : esMany}` : `${n} ${n === 1 ? enOne : enMany} ago`;
  if (s < 60) return es ? 'hace un momento' : 'recently';
  if (s < 3600) return unit(Math.floor(s / 60), 'minuto', 'minutos', 'minute', 'minutes');
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hora', 'horas', 'hour', 'hours');
  if (s < 7 * 86_400) return unit(Math.floor(s / 86_400), 'día', 'días', 'day', 'days');
  if (s < 30 * 86_400) return unit(Math.floor(s / (7 * 86_400)), 'semana', 'semanas', 'week', 'weeks');
  const date = new Date(at);
  const sameYear = date.getUTCFullYear() === new Date(now).getUTCFullYear() && s < 365 * 86_400;
  return date.toLocaleDateString(es ? 'es-ES' : 'en-US', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/**
 * The first moment after `now` at which readable(at, ..., moment) may read differently from
 * readable(at, ..., now): the next unit boundary; dates (30 days and older) are re-checked
 * every minute. A kept page expires then (page-cache.ts).
 */
export function readableUntil(at: number, now: number): number {
  const s = Math.max(0, now - at) / 1000;
  const next = (unit: number) => at + (Math.floor(s / unit) + 1) * unit * 1000;
  if (s < 60) return at + 60_000;
  if (s < 3600) return next(60);
  if (s < 86_400) return next(3600);
  if (s < 7 * 86_400) return next(86_400);
  if (s < 30 * 86_400) return Math.min(next(7 * 86_400), at + 30 * 86_400_000);
  return now + 60_000;
}
