import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, User } from '@tertulia/contract';
import { getPreferences, preferencesKey, setPreferences } from '../../api/areas/settings';
import { sessionKey } from '../../api/areas/user';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';

export { preferencesKey };

export function usePreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => getPreferences({}, { signal }),
  });
}

/** Saves one change on the server and shows it at once; a refusal puts the old value back. */
export function useSaver(savedText: string) {
  const queryClient = useQueryClient();
  return {
    async preference(patch: Partial<Preferences>) {
      const previous = queryClient.getQueryData<Preferences>(preferencesKey);
      queryClient.setQueryData<Preferences>(preferencesKey, (old) => (old ? { ...old, ...patch } : old));
      try {
        queryClient.setQueryData(preferencesKey, await setPreferences(patch));
        toast.success(savedText);
      } catch (error) {
        queryClient.setQueryData(preferencesKey, previous);
        handleError(error);
      }
    },
    /** A setting kept on the member (User): the session is patched after the server agrees. */
    async user(request: () => Promise<unknown>, patch: Partial<User>) {
      try {
        await request();
        queryClient.setQueryData<User | null>(sessionKey, (me) => (me ? { ...me, ...patch } : me));
        toast.success(savedText);
        return true;
      } catch (error) {
        handleError(error);
        return false;
      }
    },
  };
}
