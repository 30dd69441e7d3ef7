import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ParamsOf, type User } from '@tertulia/contract';
import { t } from '../../i18n/i18n';
import { toast } from '../../ui/toast/toastStore';
import { callOne } from '../client';
import { sessionKey } from './user';

/** Online status codes (spec section 3): 0 online, 1 invisible, 2 busy. */
export const OnlineStatus = { online: 0, invisible: 1, busy: 2 } as const;
export type OnlineStatusName = keyof typeof OnlineStatus;

/** The User entity carries the status as a word ("invisible", "busy"); absent means online. */
export function statusOf(user: Pick<User, 'onlineStatus'> | null): OnlineStatusName {
  return user?.onlineStatus === 'invisible' || user?.onlineStatus === 'busy' ? user.onlineStatus : 'online';
}

export function useSetOnlineStatus() {
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
      toast.success(t('status.saved'));
    },
  });
}
