import { describe, expect, it } from 'vitest';
import { offerStrings } from './offers';

describe('offer strings', () => {
  it('say one hour and one day in the singular, more in the plural, in both languages', () => {
    const titles = (locale: 'es' | 'en') => offerStrings(locale).map((o) => o.title);
    const es = titles('es').join(' | ');
    const en = titles('en').join(' | ');
    expect(es).not.toMatch(/\b1 (horas|días)\b/);
    expect(en).not.toMatch(/\b1 (hours|days)\b/);
    expect(es).toMatch(/\b1 hora\b/);
    expect(en).toMatch(/\b1 hour\b/);
    expect(es).toMatch(/\b30 días\b/);
    expect(en).toMatch(/\b30 days\b/);
  });
});
