import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, OnlineStatusCode, type ParamsOf, type User } from '@tertulia/contract';
import { callOne } from '../client';
import { one } from './define';
import { sessionKey } from './user';

/** Online status codes by the word the User entity carries. */
export const OnlineStatus = {
  online: OnlineStatusCode.ONLINE,
  invisible: OnlineStatusCode.INVISIBLE,
  busy: OnlineStatusCode.BUSY,
} as const;
export type OnlineStatusName = keyof typeof OnlineStatus;

/** The User entity carries the status as a word ("invisible", "busy"); absent means online. */
export function statusOf(user: Pick<User, 'onlineStatus'> | null): OnlineStatusName {
  return user?.onlineStatus === 'invisible' || user?.onlineStatus === 'busy' ? user.onlineStatus : 'online';
}

/** `onSaved` runs once the session shows the new status (the caller tells the member). */
export function useSetOnlineStatus(options: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.premium.setOnlineStatus>) =>
      callOne(api.premium.setOnlineStatus, params),
    onSuccess: (_ok, params) => {
      const name = (Object.keys(OnlineStatus) as OnlineStatusName[]).find(
        (k) => OnlineStatus[k] === params.status,
      );
      queryClient.setQueryData<User | null>(sessionKey, (user) =>
        user ? { ...user, onlineStatus: name === 'online' ? undefined : name } : user,
      );
      options.onSaved?.();
    },
  });
}

/** premiumfeature/setOnlineStatus.do as a plain call (settings save it with their own feedback). */
export const setOnlineStatus = /* @__PURE__ */ one(api.premium.setOnlineStatus);
