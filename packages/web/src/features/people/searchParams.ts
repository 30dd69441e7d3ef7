import { type api, type ParamsOf, SearchSortBy } from '@tertulia/contract';

export type SearchParams = Omit<
  ParamsOf<typeof api.people.getAdvancedUserSearch>,
  'page' | 'limit' | 'fields'
>;
type Key = keyof SearchParams;

/** Advanced-search fields by kind: how each travels in the page's query string. */
export const TEXT_FIELDS = [
  'userName',
  'firstName',
  'lastName',
  'about',
  'country',
  'countryCode',
  'state',
  'city',
  'postalCode',
  'areacode',
  'email',
] as const satisfies readonly Key[];
export const NUMBER_FIELDS = [
  'minAge',
  'maxAge',
  'lookingFor',
  'status',
  'orient',
  'education',
  'ethnicity',
  'children',
  'postalProximity',
  'totalLimit',
] as const satisfies readonly Key[];
export const BOOLEAN_FIELDS = [
  'photosOnly',
  'verified',
  'nearMe',
  'useStoredParams',
  'includeAdminFlagged',
] as const satisfies readonly Key[];

/** Empty values (null, -1, blank) are dropped before sending; text is trimmed. */
export function dropEmpty<T extends object>(params: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === -1) continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '' || text === '-1') continue;
      out[key] = text;
      continue;
    }
    out[key] = value;
  }
  return out as Partial<T>;
}

const SORTS = Object.values(SearchSortBy) as string[];

/** The search in the page's URL (shareable, and Back returns to it) as typed call params. */
export function paramsFromQuery(query: URLSearchParams): SearchParams {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) out[key] = query.get(key);
  for (const key of NUMBER_FIELDS) {
    const raw = query.get(key);
    out[key] = raw === null || raw.trim() === '' ? null : Number(raw);
  }
  for (const key of BOOLEAN_FIELDS) {
    const raw = query.get(key);
    out[key] = raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : null;
  }
  const gender = query.get('gender');
  out.gender = gender === 'm' || gender === 'f' ? gender : null;
  const sortBy = query.get('sortBy');
  out.sortBy = sortBy && SORTS.includes(sortBy) ? sortBy : null;
  return dropEmpty(out) as SearchParams;
}

export function queryFromParams(params: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(dropEmpty(params))) query.set(key, String(value));
  return query;
}
