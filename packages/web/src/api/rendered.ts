import { type DehydratedState, hydrate, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { LOCALES, type Locale } from '../i18n/i18n';
import { sessionKey } from './areas/user';

/**
 * What the server wrote into a page it rendered (docs/first-paint.md): the language it rendered in
 * and the data the page showed, so the browser hydrates the very same tree without asking the API
 * first.
 */
export interface PageData {
  locale: Locale;
  /** A visitor's page: a public profile as anyone may see it (the same rule as its link preview). */
  publicProfile?: PublicProfile;
  /** A member's page: the answers it was drawn with, as the query cache holds them. */
  queries?: DehydratedState;
  /** The lazy parts drawn (ui/lazyPart.ts), whose code the browser loads before hydrating. */
  parts?: string[];
  /** When and in which zone it was drawn: its times hydrate as drawn (ui/time/clock.ts). */
  clock?: DrawnClock;
}

/** The moment a page was drawn and the zone its times were written in (ui/time/clock.ts). */
export interface DrawnClock {
  /** When it was drawn (ms since the epoch). */
  at: number;
  /** The IANA zone its clock times and dates were written in. */
  timeZone: string;
}

/** The part of a public profile a visitor sees: what its shared link's card shows. */
export type PublicProfile = Pick<User, 'uid' | 'name' | 'about' | 'image1'>;

export const PAGE_DATA_ID = 'page-data';

const publicProfileKey = (uid: number) => ['page', 'publicProfile', uid] as const;

/** The JSON for `<script type="application/json">`: `<` escaped, so no text can close the tag. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The page data of a server-rendered page, or undefined (the plain app shell, a member's page). */
export function readPageData(doc: Document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as PageData;
    return (LOCALES as readonly string[]).includes(data.locale) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts what the server rendered with into the query cache: a member's page, its answers; a
 * visitor's, nobody logged in (the server asked) and the public profile shown. Both renders then
 * read the same answers.
 */
export function seedPageData(queryClient: QueryClient, data: PageData): void {
  if (data.queries) {
    hydrate(queryClient, data.queries);
    return;
  }
  queryClient.setQueryData(sessionKey, null);
  const profile = data.publicProfile;
  if (profile) queryClient.setQueryData(publicProfileKey(profile.uid), profile);
}

/** The public profile the server rendered this page with, if it is this member's. */
export function usePublicProfile(uid: number): PublicProfile | undefined {
  const queryClient = useQueryClient();
  return Number.isInteger(uid) && uid > 0
    ? queryClient.getQueryData<PublicProfile>(publicProfileKey(uid))
    : undefined;
}
