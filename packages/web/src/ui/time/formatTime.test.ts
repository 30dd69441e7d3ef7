import { afterAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/i18n';
import { formatTime } from './formatTime';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// Noon UTC, so month/day never shift with the zone.
const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => now - ms;
const fmt = (ms: number, locale: 'es' | 'en') => formatTime(ago(ms), now, locale, 'UTC');

describe('time formatting in Spanish', () => {
  it('covers every time band', async () => {
    await setLocale('es');
    expect(fmt(0, 'es')).toBe('recientemente');
    expect(fmt(59_999, 'es')).toBe('recientemente');
    expect(fmt(MIN, 'es')).toBe('hace 1 minuto');
    expect(fmt(59 * MIN, 'es')).toBe('hace 59 minutos');
    expect(fmt(HOUR, 'es')).toBe('hace 1 hora');
    expect(fmt(23 * HOUR, 'es')).toBe('hace 23 horas');
    expect(fmt(DAY, 'es')).toBe('hace 1 día');
    expect(fmt(6 * DAY, 'es')).toBe('hace 6 días');
    expect(fmt(7 * DAY, 'es')).toBe('hace 1 semana');
    expect(fmt(29 * DAY, 'es')).toBe('hace 4 semanas');
    expect(fmt(30 * DAY, 'es')).toBe('16 de mayo');
    expect(fmt(364 * DAY, 'es')).toBe('16 de junio');
    expect(fmt(365 * DAY, 'es')).toBe('15 de junio de 2024');
  });

  it('a time in the future reads as recent, not negative', async () => {
    await setLocale('es');
    expect(formatTime(now + 5 * MIN, now, 'es')).toBe('recientemente');
  });
});

describe('time formatting in English', () => {
  afterAll(() => setLocale('es'));

  it('covers every time band', async () => {
    await setLocale('en');
    expect(fmt(10_000, 'en')).toBe('recently');
    expect(fmt(MIN, 'en')).toBe('1 minute ago');
    expect(fmt(5 * MIN, 'en')).toBe('5 minutes ago');
    expect(fmt(2 * HOUR, 'en')).toBe('2 hours ago');
    expect(fmt(3 * DAY, 'en')).toBe('3 days ago');
    expect(fmt(14 * DAY, 'en')).toBe('2 weeks ago');
    expect(fmt(45 * DAY, 'en')).toBe('May 1');
    expect(fmt(400 * DAY, 'en')).toBe('May 11, 2024');
  });
});
