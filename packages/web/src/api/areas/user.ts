import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, type PremiumFeatureKey, type User } from '@tertulia/contract';
import { call } from '../client';
import { keyOf } from '../query';

export const sessionKey = keyOf(api.user.getSessionUser);

/**
 * Who is logged in; `null` for an anonymous visitor. The call answers a visitor with an empty
 * list rather than a login error, so a first visit logs no failed request in the console.
 */
export async function fetchSession({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  const [user] = await call(api.user.getSessionUser, {}, { signal });
  return user ?? null;
}

export const sessionQuery = { queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 };

export function useSession(): { user: User | null; isPending: boolean } {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isPending };
}

export function setSession(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(sessionKey, user);
}

/**
 * The session member's standing, as the server answered it on their own User (policy/standing.ts):
 * the web reads it, never re-derives it from stars or expiry times. Other members' VIP star is
 * User.star, drawn by features/people.
 */
export const isVip = (user: Pick<User, 'vip'> | null): boolean => user?.vip === true;

/** Whether the session member has a premium feature now (VIP's included: the server's list). */
export const hasFeature = (user: Pick<User, 'premiumFeatures'> | null, feature: PremiumFeatureKey) =>
  !!user?.premiumFeatures?.includes(feature);

/** Whether the session member browses without ads now (VIP or NO_ADS: the server's answer). */
export const isAdFree = (user: Pick<User, 'adFree'> | null): boolean => user?.adFree === true;
