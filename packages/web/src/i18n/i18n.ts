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

/**
 * Adds the Spanish texts of a feature that loads with its own chunk (es.ts says which). Its modules
 * import the feature's texts.ts, so the part is in place before anything of theirs renders.
 */
export function addSpanishTexts(part: Partial<Catalog>): void {
  Object.assign(es, part);
  if (state.locale !== 'es') return;
  state = { ...state };
  for (const listener of listeners) listener();
}

const reported = new Set<string>();
/** A key whose part has not loaded: say so once (a feature module lacks its texts import) and show nothing. */
function missing(key: string): string {
  if (!reported.has(key)) {
    reported.add(key);
    console.warn(`i18n: no text for ${key} (its feature's texts.ts was not imported)`);
  }
  return '';
}

export function getLocale(): Locale {
  return state.locale;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** The plural category of a count in a language ("one", "other"...). */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** A count as the member's language writes it ("1.000" stays "1000" in Spanish, "1,000" in English). */
export function formatCount(count: number, locale: Locale = state.locale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(count);
}

/**
 * The catalog text of a key for a count: `key.one` / `key.other`... chosen by Intl.PluralRules,
 * falling back to the plain key. The count (`count`, or `n`) is written for the locale.
 */
export function plural(catalog: Catalog, locale: Locale, key: MessageKey, vars?: Vars): string {
  const count =
    typeof vars?.count === 'number' ? vars.count : typeof vars?.n === 'number' ? vars.n : undefined;
  if (count === undefined) return interpolate(catalog[key] ?? es[key] ?? missing(key), vars);
  const byCount = catalog as Record<string, string | undefined>;
  const template =
    byCount[`${key}.${pluralCategory(locale, count)}`] ?? catalog[key] ?? es[key] ?? missing(key);
  const formatted: Vars = { ...vars };
  for (const name of ['count', 'n'] as const) {
    const value = vars?.[name];
    if (typeof value === 'number') formatted[name] = formatCount(value, locale);
  }
  return interpolate(template, formatted);
}

/** Translate outside React (stores, push dispatcher, error handler). Counts pick their plural form. */
export function t(key: MessageKey, vars?: Vars): string {
  return plural(state.catalog, state.locale, key, vars);
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
