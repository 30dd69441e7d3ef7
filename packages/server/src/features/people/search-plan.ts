import { type AdvancedSearchFields, SearchSortBy } from '@tertulia/contract';
import type { UserRow } from '../../http/context';

/**
 * The rules of a member search, without SQL: which conditions a search has and the values they
 * bind (search-store.ts turns a plan into its two statements).
 */

export type SearchParams = AdvancedSearchFields & { page?: number; limit?: number };
export type Sort = SearchSortBy;
export type PageParams = { page?: number; limit?: number };

/** The kinds of "near me" condition: search-terms-store.ts has each one's SQL. */
export type NearShape = 'nowhere' | 'country' | 'state' | 'city' | 'postal' | 'cityOrPostal';

/** searchProximity: how far "near me" reaches. */
const Proximity = { CITY: 1, STATE: 2, COUNTRY: 3 } as const;

/**
 * "Near me" for this viewer, as a shape and its values: same country, state, city or postal
 * code by their searchProximity (1 city or postal code, 2 state, 3 country).
 */
export function nearPlan(viewer: UserRow): { shape: NearShape; values: string[] } {
  const country = viewer.country?.toLowerCase();
  if (!country) return { shape: 'nowhere', values: [] };
  if (viewer.search_proximity >= Proximity.COUNTRY) return { shape: 'country', values: [country] };
  if (viewer.search_proximity === Proximity.STATE && viewer.state) {
    return { shape: 'state', values: [country, viewer.state.toLowerCase()] };
  }
  const city = viewer.city?.toLowerCase();
  const postal = viewer.postal_code || undefined;
  if (city && postal) return { shape: 'cityOrPostal', values: [country, city, postal] };
  if (city) return { shape: 'city', values: [country, city] };
  if (postal) return { shape: 'postal', values: [postal] };
  return { shape: 'country', values: [country] };
}

/** Birth dates that make someone `age` years old today: born after `from`, on or before `to`. */
export function birthBound(years: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** Empty values the API drops: null, -1 and blank. */
export function dropEmpty<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, v]) =>
        v !== null &&
        v !== undefined &&
        v !== -1 &&
        v !== '-1' &&
        !(typeof v === 'string' && v.trim() === ''),
    ),
  ) as Partial<T>;
}

/**
 * postalProximity is a distance in km, approximated without geocoding by how many trailing
 * postal-code digits may differ: up to 10 km one digit, up to 50 km two, farther three.
 */
export function postalDigitsToDrop(km: number): number {
  if (km <= 0) return 0;
  return km <= 10 ? 1 : km <= 50 ? 2 : 3;
}

/** A search's shape (the names of its conditions, comma-separated) and its values in order. */
export interface SearchPlan {
  shape: string;
  values: unknown[];
}

/** The condition that lets banned members be found (search-store.ts hides them otherwise). */
export const WITH_BANNED = 'withBanned';

/** The conditions of an advanced search: values computed here, bound as parameters. */
class Plan implements SearchPlan {
  readonly names: string[] = [];
  readonly values: unknown[] = [];

  add(name: string, ...values: unknown[]) {
    this.names.push(name);
    for (const value of values) this.values.push(value);
  }

  get shape() {
    return this.names.join(',');
  }
}

/** The plan of a search: the names are those of search-terms-store.ts's TERMS. */
export function searchPlan(f: Partial<SearchParams>, viewer: UserRow): SearchPlan {
  // A method, not a closure made per call (tsx names every closure it makes, which shows).
  const plan = new Plan();
  const today = new Date();
  if (f.gender) plan.add('gender', f.gender);
  if (f.minAge) plan.add('minAge', birthBound(f.minAge, today));
  if (f.maxAge) plan.add('maxAge', birthBound(f.maxAge + 1, today));
  const country = f.country ?? f.countryCode;
  if (country) plan.add('country', country.trim().toLowerCase());
  if (f.state) plan.add('state', f.state.trim().toLowerCase());
  if (f.city) plan.add('city', f.city.trim().toLowerCase());
  if (f.postalCode) {
    const code = f.postalCode.trim();
    const keep = Math.max(2, code.length - postalDigitsToDrop(f.postalProximity ?? 0));
    if (keep >= code.length) plan.add('postalCode', code);
    else plan.add('postalPrefix', `${code.slice(0, keep)}%`);
  }
  if (f.areacode) plan.add('postalPrefix', `${f.areacode.trim()}%`);
  if (f.userName) {
    const start = f.userName.trim().toLowerCase();
    plan.add('userName', start, `${start}\uffff`);
  }
  if (f.firstName) plan.add('firstName', `${f.firstName.trim().toLowerCase()}%`);
  if (f.lastName) plan.add('lastName', `${f.lastName.trim().toLowerCase()}%`);
  if (f.about) plan.add('about', `%${f.about.trim().toLowerCase()}%`);
  if (f.children) plan.add('children', f.children);
  if (f.education) plan.add('education', f.education);
  if (f.ethnicity) plan.add('ethnicity', f.ethnicity);
  if (f.lookingFor) plan.add('lookingFor', f.lookingFor);
  if (f.status) plan.add('status', f.status);
  if (f.orient) plan.add('orient', f.orient);
  if (f.verified) plan.add('verified');
  if (f.photosOnly) plan.add('photosOnly');
  // Admins only (advanced-search.ts refuses them to others): an address, and banned members too.
  if (f.email) plan.add('email', f.email.trim().toLowerCase());
  if (f.includeAdminFlagged) plan.add(WITH_BANNED);
  if (f.nearMe) {
    const { shape, values: v } = nearPlan(viewer);
    plan.add(`near.${shape}`, ...v);
  }
  return { shape: plan.shape, values: plan.values };
}

/** An advanced search's plan and order, from its parameters (empty values dropped first). */
export function advancedPlan(viewer: UserRow, filters: Partial<SearchParams>) {
  return {
    plan: searchPlan(filters, viewer),
    sort: (filters.sortBy ?? SearchSortBy.LAST_ACCESS_DESC) as Sort,
  };
}
