import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { keyOf } from '../query';
import { one } from './define';

/** Web Push: the VAPID key, this browser's subscription, the member's choices (docs/web-push.md). */

const w = api.webPush;
export const pushSettingsKey = keyOf(w.getSettings);
export const getPushPublicKey = /* @__PURE__ */ one(w.getPublicKey);
export const subscribePush = /* @__PURE__ */ one(w.subscribe);
export const unsubscribePush = /* @__PURE__ */ one(w.unsubscribe);
export const getPushSettings = /* @__PURE__ */ one(w.getSettings);
export const setPushSettings = /* @__PURE__ */ one(w.setSettings);

export function usePushSettings(enabled = true) {
  return useQuery({
    queryKey: pushSettingsKey,
    queryFn: () => getPushSettings({}),
    enabled,
    staleTime: 60_000,
  });
}

export function useSetPushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: Parameters<typeof setPushSettings>[0]) => setPushSettings(params),
    onSuccess: (settings) => queryClient.setQueryData(pushSettingsKey, settings),
  });
}
