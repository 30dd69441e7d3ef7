import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Endpoint, type ParamsOf } from '@tertulia/contract';
import { callOne } from '../client';
import { listQuery } from '../query';

/** Hooks of the admin area; the server checks the caller's role on every one of them. */

const a = api.admin;
const isAdminKey = (key: readonly unknown[]) => String(key[0]).includes('/admin/');

export const useDashboard = () => useQuery(listQuery(a.getDashboard, {}));

export const useReports = (status: 'open' | 'resolved', kind?: string) =>
  useQuery(listQuery(a.getReports, { status, kind, limit: 50 }));

export const useFoundMembers = (query: string) =>
  useQuery({ ...listQuery(a.findMembers, { query }), enabled: query.trim().length > 0 });

export const useAdminMember = (userId: number | undefined) =>
  useQuery({ ...listQuery(a.getMember, { userId: userId ?? 0 }), enabled: !!userId });

export const useAuditLog = () => useQuery(listQuery(a.getAuditLog, { limit: 100 }));

export const useDailyStats = (days: number) => useQuery(listQuery(a.getDailyStats, { days }));

export const useTopErrors = (days: number) => useQuery(listQuery(a.getTopErrors, { days }));

export const useWebVitals = (days: number) => useQuery(listQuery(a.getWebVitals, { days }));

type Action =
  | { endpoint: typeof a.resolveReport; params: ParamsOf<typeof a.resolveReport> }
  | { endpoint: typeof a.banMember; params: ParamsOf<typeof a.banMember> }
  | { endpoint: typeof a.unbanMember; params: ParamsOf<typeof a.unbanMember> }
  | { endpoint: typeof a.setRole; params: ParamsOf<typeof a.setRole> }
  | { endpoint: typeof a.verifyMember; params: ParamsOf<typeof a.verifyMember> };

/** Any write of the admin area; every admin list is read again after it. */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpoint, params }: Action) => callOne(endpoint as Endpoint, params as never),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isAdminKey(q.queryKey) }),
  });
}

export const adminCalls = a;
