import { describe, expect, it } from 'vitest';
import { CACHE_MAX_TTL_MS, ClientCache } from '../cache/clientCache';
import { LOCALE_KEY, rememberLocale, startupLocale } from './rememberedLocale';

function memory() {
  const saved = new Map<string, string>();
  return {
    getItem: (k: string) => saved.get(k) ?? null,
    setItem: (k: string, v: string) => void saved.set(k, v),
    removeItem: (k: string) => void saved.delete(k),
  } as Storage;
}

describe('the remembered language', () => {
  it('the cookie wins and the cache follows it; without a cookie the member’s language is used', () => {
    let now = 0;
    const cache = new ClientCache(memory(), undefined, () => now);
    expect(startupLocale('', cache)).toBe('es');
    rememberLocale('en-GB', cache);
    expect(cache.get(LOCALE_KEY)).toBe('en');
    expect(startupLocale('other=1', cache)).toBe('en');
    expect(startupLocale('locale=es', cache)).toBe('es');
    expect(startupLocale('', cache)).toBe('es');
    // Kept for the cache's longest time, no longer.
    rememberLocale('en', cache);
    now += CACHE_MAX_TTL_MS;
    expect(startupLocale('', cache)).toBe('es');
  });

  it('unknown languages are not remembered', () => {
    const cache = new ClientCache(memory(), undefined);
    rememberLocale('fr', cache);
    rememberLocale(undefined, cache);
    expect(cache.get(LOCALE_KEY)).toBeUndefined();
    expect(startupLocale('locale=xx', cache)).toBe('es');
  });
});
