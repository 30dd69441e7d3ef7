import { useSyncExternalStore } from 'react';
import { type Catalog, es, type MessageKey } from './es';

export type Locale = 'es' | 'en';
export const LOCALES: readonly Locale[] = ['es', 'en'];
export const DEFAULT_LOCALE: Locale = 'es';
export type Vars = Record<string, string | number>;

/** The server sets a non-HttpOnly `locale` cookie when the language changes; Spanish otherwise. */
export function localeFromCookie(cookie: string): Locale {
  const match = /(?:^|;\s*)locale=([^;]*)/.exec(cookie);
  const value = match ? decodeURIComponent(match[1]).slice(0, 2).toLowerCase() : '';
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

// Spanish ships in the entry chunk; English is its own chunk, fetched only when chosen.
const loaders: Record<Locale, () => Promise<Catalog>> = {
  es: async () => es,
  en: async () => (await import('./en')).en,
};

interface State {
  locale: Locale;
  catalog: Catalog;
}
let state: State = { locale: DEFAULT_LOCALE, catalog: es };
const listeners = new Set<() => void>();

export async function setLocale(locale: Locale): Promise<void> {
  const catalog = await loaders[locale]();
  state = { locale, catalog };
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

export function getLocale(): Locale {
  return state.locale;
}

/** Translate outside React (stores, push dispatcher, error handler). */
export function t(key: MessageKey, vars?: Vars): string {
  return interpolate(state.catalog[key] ?? es[key], vars);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the language changes. */
export function useI18n(): { locale: Locale; t: typeof t } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return { locale: current.locale, t };
}

export type { MessageKey };
