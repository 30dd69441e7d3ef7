import { describe, expect, it } from 'vitest';
import { CACHE_MAX_TTL_MS, ClientCache, ETERNAL_COOKIE_DAYS } from './clientCache';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

/** Enough of document.cookie: the last write per name wins; reading joins them. */
function cookieJar() {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair] = text.split(';');
      const eq = pair.indexOf('=');
      if (/max-age=0\b/.test(text)) cookies.delete(pair.slice(0, eq));
      else cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
}

describe('client cache', () => {
  it('requires a non-negative numeric ttl', () => {
    const cache = new ClientCache(memoryStorage(), undefined);
    for (const ttl of [
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '10' as unknown as number,
      undefined as unknown as number,
    ]) {
      expect(() => cache.set('k', 1, ttl)).toThrow(/non-negative numeric ttl/);
    }
    expect(() => cache.set('k', 1, 0)).not.toThrow();
  });

  it('expires after the ttl', () => {
    let now = 1_000;
    const cache = new ClientCache(memoryStorage(), undefined, () => now);
    cache.set('amigos', [1, 2], 5_000);
    now += 4_999;
    expect(cache.get('amigos')).toEqual([1, 2]);
    now += 1;
    expect(cache.get('amigos')).toBeUndefined();
  });

  it('caps the ttl at 30 days', () => {
    expect(CACHE_MAX_TTL_MS).toBe(2_592_000_000);
    let now = 0;
    const cache = new ClientCache(memoryStorage(), undefined, () => now);
    cache.set('largo', 'x', 10 * CACHE_MAX_TTL_MS);
    now = CACHE_MAX_TTL_MS - 1;
    expect(cache.get('largo')).toBe('x');
    now = CACHE_MAX_TTL_MS;
    expect(cache.get('largo')).toBeUndefined();
  });

  it('ttl 0 keeps the value for good', () => {
    let now = 0;
    const cache = new ClientCache(memoryStorage(), undefined, () => now);
    cache.set('siempre', true, 0);
    now = 100 * CACHE_MAX_TTL_MS;
    expect(cache.get('siempre')).toBe(true);
  });

  it('falls back to a cookie where storage is blocked; eternal cookies keep 365 days', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const jar = cookieJar();
    const cache = new ClientCache(blocked, jar, () => 0);
    cache.set('idioma', { code: 'es' }, 0);
    expect(jar.writes[0]).toContain(`max-age=${ETERNAL_COOKIE_DAYS * 86_400}`);
    expect(cache.get('idioma')).toEqual({ code: 'es' });
    cache.set('breve', 1, 60_000);
    expect(jar.writes[1]).toContain('max-age=60');
    cache.remove('idioma');
    expect(cache.get('idioma')).toBeUndefined();
  });
});
