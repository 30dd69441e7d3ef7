import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ParamsOf, type User } from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import { sessionKey, setSession } from './user';

/** After login or sign-up, every cached query belonged to the anonymous visitor. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    setSession(queryClient, user);
  };
}

export function useLogin() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.profile.login>) => callOne(api.profile.login, params),
    onSuccess: start,
    meta: { silent: true },
  });
}

export function useRegister() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.profile.register>) => callOne(api.profile.register, params),
    onSuccess: start,
    meta: { silent: true },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOne(api.profile.logout, {}),
    onSuccess: () => {
      queryClient.clear();
      setSession(queryClient, null);
    },
  });
}

export type NameSuggestionParams = ParamsOf<typeof api.profile.getAvailableUserNames>;

/** Free names close to a taken one; only asked once the server said the name is taken. */
export function useAvailableUserNames(params: NameSuggestionParams | null) {
  return useQuery({
    queryKey: keyOf(api.profile.getAvailableUserNames, params ?? undefined),
    queryFn: ({ signal }) => call(api.profile.getAvailableUserNames, params!, { signal }),
    enabled: params !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLocales(enabled = true) {
  return useQuery({
    queryKey: keyOf(api.profile.getLocales),
    queryFn: ({ signal }) => call(api.profile.getLocales, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

// Account safety (settings page): password, sessions, deletion.

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.profile.changePassword>) =>
      callOne(api.profile.changePassword, params),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(api.profile.getSessions) }),
    meta: { silent: true },
  });
}

export function useSessions() {
  return useQuery({
    queryKey: keyOf(api.profile.getSessions),
    queryFn: ({ signal }) => call(api.profile.getSessions, {}, { signal }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callOne(api.profile.endSession, { sessionId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(api.profile.getSessions) }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOne(api.profile.endOtherSessions, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(api.profile.getSessions) }),
  });
}

/** On success the session is gone: every cached query belonged to the member. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callOne(api.profile.deleteAccount, { password }),
    onSuccess: () => {
      queryClient.clear();
      setSession(queryClient, null);
    },
    meta: { silent: true },
  });
}
