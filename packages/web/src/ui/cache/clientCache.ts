/** Cached values live at most 30 days; the cookie fallback keeps 365 days. */
export const CACHE_MAX_TTL_MS = 2_592_000_000;
export const ETERNAL_COOKIE_DAYS = 365;

interface Entry<T> {
  value: T;
  /** Epoch ms; 0 never expires. */
  expires: number;
}

export interface CookieJar {
  cookie: string;
}

/**
 * A small persistent cache over localStorage, with a cookie fallback where storage is blocked
 * (private modes). `ttl` is milliseconds, capped at 30 days; 0 keeps the value for good.
 */
export class ClientCache {
  constructor(
    private storage: Storage | undefined = safeLocalStorage(),
    private jar: CookieJar | undefined = typeof document === 'undefined' ? undefined : document,
    private now: () => number = Date.now,
    private prefix = 'tertulia.cache.',
  ) {}

  set<T>(key: string, value: T, ttl: number): void {
    if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0) {
      throw new Error('Cache store requires a non-negative numeric ttl');
    }
    const capped = Math.min(ttl, CACHE_MAX_TTL_MS);
    const entry: Entry<T> = { value, expires: capped === 0 ? 0 : this.now() + capped };
    const text = JSON.stringify(entry);
    try {
      if (!this.storage) throw new Error('no storage');
      this.storage.setItem(this.prefix + key, text);
    } catch {
      const seconds = Math.round((capped === 0 ? ETERNAL_COOKIE_DAYS * 86_400_000 : capped) / 1000);
      if (this.jar)
        this.jar.cookie = `${this.cookieName(key)}=${encodeURIComponent(text)}; max-age=${seconds}; path=/; samesite=lax`;
    }
  }

  get<T>(key: string): T | undefined {
    const text = this.read(key);
    if (!text) return undefined;
    try {
      const entry = JSON.parse(text) as Entry<T>;
      if (entry.expires !== 0 && entry.expires <= this.now()) {
        this.remove(key);
        return undefined;
      }
      return entry.value;
    } catch {
      return undefined;
    }
  }

  remove(key: string): void {
    try {
      this.storage?.removeItem(this.prefix + key);
    } catch {
      // storage blocked: the cookie below is the copy
    }
    if (this.jar) this.jar.cookie = `${this.cookieName(key)}=; max-age=0; path=/`;
  }

  private read(key: string): string | null {
    try {
      const stored = this.storage?.getItem(this.prefix + key);
      if (stored) return stored;
    } catch {
      // fall through to the cookie
    }
    const name = this.cookieName(key);
    const match = this.jar?.cookie.split(/;\s*/).find((part) => part.startsWith(`${name}=`));
    return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
  }

  private cookieName(key: string): string {
    return (this.prefix + key).replace(/[^\w.-]/g, '_');
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export const clientCache = new ClientCache();
