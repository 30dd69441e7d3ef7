import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, isVipStar, type User } from '@tertulia/contract';
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

/** VIP members (star 2 or 3) browse without ads. */
export function isVip(user: Pick<User, 'star' | 'vip'> | null): boolean {
  return !!user && (isVipStar(user.star) || user.vip === true);
}
